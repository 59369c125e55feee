import type { Venue } from "~/content/wedding";

// Pure helpers the home page ships: kept apart from the default content's data (app/content/wedding.ts),
// which the first load does not need since the content comes from the loaders ('Contenido').

/** OpenStreetMap: the embed (a ~2 km box with a marker) and the plain link. */
export function mapUrls(v: Venue) {
  const d = 0.01;
  const bbox = [v.longitude - d, v.latitude - d, v.longitude + d, v.latitude + d].map((n) => n.toFixed(4)).join(",");
  return {
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${v.latitude},${v.longitude}`,
    link: `https://www.openstreetmap.org/?mlat=${v.latitude}&mlon=${v.longitude}#map=${v.zoom}/${v.latitude}/${v.longitude}`,
  };
}

/** "+507 6000-0000" → "tel:+50760000000". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;
