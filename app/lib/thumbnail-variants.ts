/**
 * A photo's thumbnail in the sizes a screen needs (docs/decisions/0066): beside the thumbnail
 * (`{key}-thumb.{jpg|png|webp}`, the fallback) the upload writes AVIF and WebP copies at each of
 * THUMBNAIL_VARIANT_WIDTHS, named `{key}-thumb-{width}.{avif|webp}`. The widths come from the
 * layout: a section's cover fills a phone's width (≈358 CSS px on a 390 px phone, ≈350 px in the
 * desktop's three columns) and the carousel's strip shows 96 px tiles; 480 serves the first at
 * DPR ≤ 1.4 and stays small, 240 the strip at any phone's DPR. A photo narrower than a width gets
 * its own width instead (never enlarged), so the recorded widths are the written ones.
 */
export const THUMBNAIL_VARIANT_WIDTHS = [240, 480] as const;

/** The formats each width is written in, best first (a <picture>'s sources in this order). */
export const THUMBNAIL_VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof THUMBNAIL_VARIANT_FORMATS)[number];

/** The widths a row records ("240,480"), or none (a photo stored before variants, a video's poster). */
export function variantWidthsOf(recorded: string | null | undefined): number[] {
  if (!recorded) return [];
  return recorded
    .split(",")
    .map(Number)
    .filter((w) => Number.isInteger(w) && w > 0);
}

/** A variant's name (a storage key or a URL) from its thumbnail's: `…-thumb.jpg` → `…-thumb-240.avif`. */
export function variantOf(thumbnail: string, width: number, format: VariantFormat): string {
  return thumbnail.replace(/-thumb\.[a-z]+$/, `-thumb-${width}.${format}`);
}

/** Every variant's name for a thumbnail and its recorded widths. */
export function variantNames(thumbnail: string | null, recorded: string | null | undefined): string[] {
  if (!thumbnail) return [];
  return variantWidthsOf(recorded).flatMap((w) => THUMBNAIL_VARIANT_FORMATS.map((f) => variantOf(thumbnail, w, f)));
}

/** A variant's key parsed: its thumbnail's key without the extension, its width and format; null for any other key. */
export function parseVariantKey(key: string): { base: string; width: number; format: VariantFormat } | null {
  const match = /^(.+)-thumb-(\d{1,5})\.(avif|webp)$/.exec(key);
  return match ? { base: match[1]!, width: Number(match[2]), format: match[3] as VariantFormat } : null;
}

/** A <source>'s srcset for one format: each recorded width's copy with its `w` descriptor. */
export function variantSrcSet(thumbnailUrl: string, widths: number[], format: VariantFormat): string {
  return widths.map((w) => `${variantOf(thumbnailUrl, w, format)} ${w}w`).join(", ");
}
