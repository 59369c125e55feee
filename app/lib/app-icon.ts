/**
 * The installed site's icon (the web app manifest, decision 0064): the couple's initials, drawn
 * from their names as 'Contenido' holds them, on the site's colours. Pure: the server renders it
 * to PNG (app/http/app-icon.server.ts).
 */

/** The icons the manifest names: `/icons/{file}`. A maskable icon keeps its drawing in the safe circle. */
export const APP_ICONS = {
  "icon-192.png": { size: 192, maskable: false },
  "icon-512.png": { size: 512, maskable: false },
  "maskable-512.png": { size: 512, maskable: true },
} as const;
export type AppIconFile = keyof typeof APP_ICONS;

export function isAppIconFile(file: string): file is AppIconFile {
  return Object.hasOwn(APP_ICONS, file);
}

/** The site's light colours (app/styles/app.css): the manifest's theme and the icon's. */
export const APP_COLOURS = { background: "#fbf8f3", accent: "#3a6f4b", darkBackground: "#15181a" } as const;

/**
 * "Valeria & Sebastián" → "V&S"; "Ana y Luis", "Ana and Luis", "Ana + Luis" alike; one name → its
 * first letter (or the first letters of its first two words). Letters only, upper-case.
 */
export function coupleInitials(names: string): string {
  const parts = names
    .split(/\s*(?:&|\+|\/|,|\sy\s|\se\s|\sand\s)\s*/i)
    .map((part) => part.trim())
    .filter(Boolean);
  const first = (text: string) =>
    Array.from(text.match(/\p{L}/u)?.[0] ?? "")
      .join("")
      .toLocaleUpperCase();
  if (parts.length >= 2) return `${first(parts[0])}&${first(parts[1])}`.replace(/^&|&$/g, "");
  const words = (parts[0] ?? "").split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map(first).join("");
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The icon as SVG: the initials in the site's serif on its sage, the whole square filled. */
export function appIconSvg(initials: string, { size, maskable }: { size: number; maskable: boolean }): string {
  // A maskable icon may be cut to a circle of 80% of its side: the text stays inside it.
  const fontSize = size * (maskable ? 0.26 : 0.34) * (initials.length > 3 ? 0.8 : 1);
  const radius = maskable ? 0 : size * 0.18;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" rx="${radius}" fill="${APP_COLOURS.accent}"/>
<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', 'Times New Roman', serif" font-size="${fontSize}" fill="${APP_COLOURS.background}">${escapeXml(initials)}</text>
</svg>`;
}
