import crypto from "node:crypto";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import sharp from "sharp";
import { MAX_CONCURRENT_IMAGE_JOBS, MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, THUMBNAIL_MAX_SIDE, WEB_IMAGE_MAX_SIDE } from "~/lib/constants";
import type { NewMediaRow } from "~/infra/db-schema";
import { getSection, insertMediaRow, toMedia, type Media } from "~/models/gallery.server";
import { storage } from "~/infra/storage.server";

/** Why an upload was refused; each is a translation key under gallery.errors. */
export type UploadError =
  "fileAndSectionRequired" | "sectionRequired" | "sectionNotFound" | "uploadsClosed" | "tooLarge" | "notAnImage" | "heicUnsupported" | "storageFailed";

export const uploadErrorStatus: Record<UploadError, number> = {
  fileAndSectionRequired: 400,
  sectionRequired: 400,
  sectionNotFound: 404,
  uploadsClosed: 403,
  tooLarge: 413,
  notAnImage: 415,
  heicUnsupported: 415,
  storageFailed: 500,
};

/** Multipart overhead (boundaries, part headers, the small text fields) allowed on top of the photo. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;
/** The whole request body is never read past this. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;
/** The only text fields an upload form sends, and how long each may be. */
const TEXT_FIELDS = new Set(["sectionId", "_js"]);
const MAX_TEXT_FIELD_BYTES = 256;
/** The file part's field name. */
export const UPLOAD_FIELD = "file";

export interface ParsedUpload {
  file: { bytes: Buffer; name: string } | null;
  fields: FormData;
}

class TooLarge extends Error {}

/**
 * The request body as a stream that errors (and stops pulling from the socket) once more
 * than `limit` bytes have come through, whatever Content-Length said (or did not say).
 */
function limitedBody(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      // Not cancelled: the server discards the rest, and the client still gets its answer.
      if (seen > limit) return controller.error(new TooLarge());
      controller.enqueue(value);
    },
  });
}

/**
 * Keeps the one file part in memory up to MAX_UPLOAD_BYTES and stops reading it at the byte
 * after; keeps the known small text fields; everything else is skipped unread into memory.
 */
function uploadHandler(state: { file: ParsedUpload["file"] }): UploadHandler {
  return async ({ name, filename, data }) => {
    if (typeof filename === "string") {
      if (name !== UPLOAD_FIELD || state.file) return undefined;
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > MAX_UPLOAD_BYTES) throw new TooLarge();
        chunks.push(chunk);
      }
      // An empty file input (a plain form sent without choosing a photo) is no file.
      if (size > 0) state.file = { bytes: Buffer.concat(chunks, size), name: filename || "foto" };
      return undefined;
    }
    if (!TEXT_FIELDS.has(name)) return undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > MAX_TEXT_FIELD_BYTES) return undefined;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size).toString("utf8");
  };
}

/**
 * Reads an upload form (multipart: `file`, `sectionId`) with hard limits: a declared length
 * over the limit is refused before reading; the body is never read past MAX_UPLOAD_BODY_BYTES;
 * the file part stops being read at MAX_UPLOAD_BYTES + 1. Nothing past the limit is buffered.
 */
export async function readUpload(request: Request): Promise<{ ok: true; upload: ParsedUpload } | { ok: false; error: UploadError }> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_UPLOAD_BODY_BYTES) return { ok: false, error: "tooLarge" };
  if (!request.body) return { ok: true, upload: { file: null, fields: new FormData() } };
  const body = limitedBody(request.body, MAX_UPLOAD_BODY_BYTES);
  const limited = new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
  const contentType = request.headers.get("Content-Type") ?? "";
  try {
    if (!contentType.startsWith("multipart/form-data")) {
      // A plain form (no file): only its small fields matter.
      const fields = new FormData();
      for (const [key, value] of new URLSearchParams(await limited.text())) if (TEXT_FIELDS.has(key)) fields.set(key, value);
      return { ok: true, upload: { file: null, fields } };
    }
    const state: { file: ParsedUpload["file"] } = { file: null };
    const fields = await unstable_parseMultipartFormData(limited, uploadHandler(state));
    return { ok: true, upload: { file: state.file, fields } };
  } catch (error) {
    if (error instanceof TooLarge || (error instanceof Error && error.cause instanceof TooLarge)) return { ok: false, error: "tooLarge" };
    // A malformed body is bad input, not a server fault.
    return { ok: false, error: "fileAndSectionRequired" };
  }
}

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

const OUTPUT = { jpeg: "jpg", png: "png", webp: "webp" } as const;
type OutputFormat = keyof typeof OUTPUT;

// Each photo is decoded once and never again: libvips' operation cache only holds memory.
sharp.cache(false);

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

/** Photos being decoded and photos waiting for a slot (for tests and diagnostics). */
export function imageSlots() {
  return { running, waiting: waiting.length };
}

/** Formats a guest may send (decoded by sharp); everything else, SVG included, is refused. */
const INPUT_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "tiff"]);

type Rendered = { data: Buffer; width: number; height: number };

/**
 * Decodes the bytes as an image (anything else is refused, whatever its name), applies the
 * EXIF orientation, drops every metadata field (GPS included), and makes a web-sized copy and
 * a thumbnail (made from the web copy: one full decode per photo).
 */
export function processImage(bytes: Buffer): Promise<ProcessedImage> {
  return withImageSlot(() => decodeAndResize(bytes));
}

type ProcessedImage = { ok: true; format: OutputFormat; web: Rendered; thumb: Rendered } | { ok: false; error: UploadError };

async function decodeAndResize(bytes: Buffer): Promise<ProcessedImage> {
  const refuse = (): { ok: false; error: UploadError } => ({ ok: false, error: isHeic(bytes) ? "heicUnsupported" : "notAnImage" });
  const options = { failOn: "error", limitInputPixels: MAX_UPLOAD_PIXELS } as const;
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    return refuse();
  }
  if (!meta.format || !INPUT_FORMATS.has(meta.format)) return refuse();
  const format: OutputFormat = meta.format === "png" || meta.format === "webp" ? meta.format : "jpeg";
  const encode = (pipeline: sharp.Sharp, quality: number) =>
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
    return { ok: true, format, web, thumb };
  } catch {
    return refuse();
  }
}

/** The stored name: {sectionId}/{timestamp}-{random}.{ext}; the guest's file name is never a path. */
export function storageKey(sectionId: number, ext: string, suffix = ""): string {
  return `${sectionId}/${Date.now()}-${crypto.randomBytes(6).toString("hex")}${suffix}.${ext}`;
}

/** A display name from the guest's file name: no path, no control characters, bounded. */
export function displayName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f<>]/g, "")
    .trim()
    .slice(0, 120);
  return clean || "foto";
}

/**
 * The whole upload: the section must exist, be active and allow uploads; the photo is
 * processed and stored, then its row inserted; if the insert fails the files are removed.
 */
export async function savePhoto(
  sectionId: number,
  file: { bytes: Buffer; name: string },
  insert: (row: NewMediaRow) => Promise<number> = insertMediaRow,
): Promise<{ ok: true; media: Media } | { ok: false; error: UploadError }> {
  const section = await getSection(sectionId);
  if (!section) return { ok: false, error: "sectionNotFound" };
  if (!section.allow_upload) return { ok: false, error: "uploadsClosed" };
  if (file.bytes.length > MAX_UPLOAD_BYTES) return { ok: false, error: "tooLarge" };
  const image = await processImage(file.bytes);
  if (!image.ok) return image;
  const ext = OUTPUT[image.format];
  const contentType = `image/${image.format}`;
  const key = storageKey(sectionId, ext);
  const thumbKey = key.replace(new RegExp(`\\.${ext}$`), `-thumb.${ext}`);
  const written: string[] = [];
  try {
    await storage().put(key, image.web.data, contentType);
    written.push(key);
    await storage().put(thumbKey, image.thumb.data, contentType);
    written.push(thumbKey);
    const row = {
      section_id: sectionId,
      type: "IMAGE" as const,
      file_path: key,
      public_url: storage().url(key),
      thumbnail_path: thumbKey,
      thumbnail_url: storage().url(thumbKey),
      name: displayName(file.name),
      size: image.web.data.length,
      width: image.web.width,
      height: image.web.height,
    };
    const id = await insert(row);
    return { ok: true, media: toMedia({ id, ...row }) };
  } catch (error) {
    // Never a file without its row: remove what was written.
    for (const k of written)
      await storage()
        .remove(k)
        .catch(() => undefined);
    console.error("upload: could not store the photo", error);
    return { ok: false, error: "storageFailed" };
  }
}
