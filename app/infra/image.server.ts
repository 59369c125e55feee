import type Sharp from "sharp";
import { MAX_CONCURRENT_IMAGE_JOBS, MAX_UPLOAD_PIXELS, THUMBNAIL_MAX_SIDE, WEB_IMAGE_MAX_SIDE } from "~/lib/constants";
import { THUMBNAIL_VARIANT_FORMATS, THUMBNAIL_VARIANT_WIDTHS, type VariantFormat } from "~/lib/thumbnail-variants";

/** Why bytes were not accepted as a photo; each is a translation key under gallery.errors. */
export type ImageError = "notAnImage" | "heicUnsupported";

/**
 * True for HEIF files whose brands say HEVC (iPhone photos): sharp's prebuilt libvips has no
 * HEVC decoder, so those are refused with a message of their own rather than "not an image".
 */
export function isHeic(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString("latin1", 4, 8) !== "ftyp") return false;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands: string[] = [bytes.toString("latin1", 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(bytes.toString("latin1", offset, offset + 4));
  return brands.some((b) => ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"].includes(b));
}

/** The stored file's extension for each format the pipeline writes. */
export const IMAGE_EXTENSIONS = { jpeg: "jpg", png: "png", webp: "webp" } as const;
type OutputFormat = keyof typeof IMAGE_EXTENSIONS;

// libvips (about 10 MB in every worker) is loaded with the first photo, not when the server starts:
// most workers never decode one.
let loaded: Promise<typeof Sharp> | undefined;
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // Each photo is decoded once and never again: libvips' operation cache only holds memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/**
 * At most this many photos are decoded at once (a 12 MP photo needs ~130 MB while it is
 * rotated and resized); a burst of uploads waits its turn instead of exhausting memory.
 */
let running = 0;
const waiting: (() => void)[] = [];
async function withImageSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_IMAGE_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Photos being decoded and photos waiting for a slot (reported by GET /api/debug/gallery). */
export function imageSlots() {
  return { running, waiting: waiting.length };
}

/** Formats a guest may send (decoded by sharp); everything else, SVG included, is refused. */
const INPUT_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "tiff"]);

type Rendered = { data: Buffer; width: number; height: number };
/** A smaller copy of the thumbnail in a modern format (app/lib/thumbnail-variants). */
export type ThumbnailVariant = Rendered & { format: VariantFormat };
type ProcessedImage = { ok: true; format: OutputFormat; web: Rendered; thumb: Rendered; variants: ThumbnailVariant[] } | { ok: false; error: ImageError };

/**
 * AVIF at effort 3 and quality 50 looks like the JPEG thumbnail at quality 72 in about half its
 * bytes; a higher effort costs seconds per photo for a few percent. WebP at 70 is the fallback.
 */
const VARIANT_ENCODERS: Record<VariantFormat, (pipeline: Sharp.Sharp) => Sharp.Sharp> = {
  avif: (pipeline) => pipeline.avif({ quality: 50, effort: 3 }),
  webp: (pipeline) => pipeline.webp({ quality: 70 }),
};

/**
 * Decodes the bytes as an image (anything else is refused, whatever its name), applies the
 * EXIF orientation, drops every metadata field (GPS included), and makes a web-sized copy and
 * a thumbnail (made from the web copy: one full decode per photo). With `variants`, the
 * thumbnail also in AVIF and WebP at each of THUMBNAIL_VARIANT_WIDTHS (clones of the web copy's
 * one pipeline; a photo narrower than a width gets its own width once).
 */
export function processImage(bytes: Buffer, { variants = false }: { variants?: boolean } = {}): Promise<ProcessedImage> {
  return withImageSlot(() => decodeAndResize(bytes, variants));
}

async function decodeAndResize(bytes: Buffer, withVariants: boolean): Promise<ProcessedImage> {
  const refuse = (): { ok: false; error: ImageError } => ({ ok: false, error: isHeic(bytes) ? "heicUnsupported" : "notAnImage" });
  const options = { failOn: "error", limitInputPixels: MAX_UPLOAD_PIXELS } as const;
  const sharp = await loadSharp();
  let meta: Sharp.Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    return refuse();
  }
  if (!meta.format || !INPUT_FORMATS.has(meta.format)) return refuse();
  const format: OutputFormat = meta.format === "png" || meta.format === "webp" ? meta.format : "jpeg";
  const encode = (pipeline: Sharp.Sharp, quality: number) =>
    format === "png"
      ? pipeline.png({ compressionLevel: 9 })
      : format === "webp"
        ? pipeline.webp({ quality })
        : pipeline.flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true });
  const render = async (input: Buffer, side: number, quality: number, rotate: boolean): Promise<Rendered> => {
    // sharp writes no metadata unless asked (no withMetadata/keepExif): EXIF with GPS, XMP, IPTC all dropped.
    let pipeline = sharp(input, options);
    if (rotate) pipeline = pipeline.rotate(); // applies the EXIF orientation to the pixels
    pipeline = pipeline.resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
    const { data, info } = await encode(pipeline, quality).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  try {
    const web = await render(bytes, WEB_IMAGE_MAX_SIDE, 82, true);
    const thumb = await render(web.data, THUMBNAIL_MAX_SIDE, 72, false);
    const variants = withVariants ? await renderVariants(sharp(web.data, options), thumb.width) : [];
    return { ok: true, format, web, thumb, variants };
  } catch {
    return refuse();
  }
}

/**
 * The thumbnail's AVIF and WebP copies, each a clone of one pipeline on the web copy (its input is
 * read once). Widths above the thumbnail's own collapse to it: no enlarged copy, none twice.
 */
async function renderVariants(source: Sharp.Sharp, thumbWidth: number): Promise<ThumbnailVariant[]> {
  const widths = [...new Set(THUMBNAIL_VARIANT_WIDTHS.map((w) => Math.min(w, thumbWidth)))];
  const variants: ThumbnailVariant[] = [];
  for (const width of widths)
    for (const format of THUMBNAIL_VARIANT_FORMATS) {
      const pipeline = source.clone().resize({ width, withoutEnlargement: true });
      const { data, info } = await VARIANT_ENCODERS[format](pipeline).toBuffer({ resolveWithObject: true });
      variants.push({ data, width: info.width, height: info.height, format });
    }
  return variants;
}

/**
 * What the pipeline itself writes and so what may be recorded as a photo: JPEG, PNG or WebP
 * that decodes, with its dimensions (never SVG or anything a browser could run). Null otherwise.
 */
export async function storedImageInfo(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_UPLOAD_PIXELS }).metadata();
    if (!meta.width || !meta.height || !(meta.format && meta.format in IMAGE_EXTENSIONS)) return null;
    return { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
