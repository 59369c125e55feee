/**
 * The site's own media the couple replaces in Contenido → Multimedia: what each slot takes, how
 * large, and how a file's first bytes say what it is (its name and the browser's type are never
 * trusted). No I/O: the server's upload (app/models/content-media.server.ts) and the tests use it.
 */

export const MEDIA_SLOTS = ["portrait", "heroVideo", "music"] as const;
export type MediaSlot = (typeof MEDIA_SLOTS)[number];

const MB = 1024 * 1024;
/** The portrait goes through the guests' photo pipeline, at the issue's image limit. */
export const MAX_PORTRAIT_BYTES = 10 * MB;
export const MAX_VIDEO_BYTES = 60 * MB;
export const MAX_MUSIC_BYTES = 20 * MB;

export const MAX_MEDIA_BYTES: Record<MediaSlot, number> = { portrait: MAX_PORTRAIT_BYTES, heroVideo: MAX_VIDEO_BYTES, music: MAX_MUSIC_BYTES };

/** What the admin's Multimedia screen shows of a slot: the default of a new site, removed, or the couple's file. */
export type SlotState = { kind: "default" } | { kind: "removed" } | { kind: "uploaded"; name: string; size: number; type: string; at: string };

/** Bytes enough to tell every accepted kind apart (an MP4's `ftyp` box with its first brands). */
export const SNIFF_BYTES = 64;

/** A sniffed video or audio file: the type it is served with and the stored file's extension. */
export interface SniffedMedia {
  type: "video/mp4" | "audio/mpeg" | "audio/mp4" | "audio/ogg";
  ext: "mp4" | "mp3" | "m4a" | "ogg";
}

/** An ISO base media file's brands (major, then compatible), from its leading `ftyp` box; null when it has none. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 12) return null;
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (text(4, 8) !== "ftyp") return null;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16) return [text(8, 12)];
  const end = Math.min(boxSize, bytes.length);
  const brands = [text(8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(text(at, at + 4));
  return brands;
}

/** Audio-only brands (iTunes' M4A/M4B/M4P): such a file is music, never the hero's video. */
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P "]);
/** Brands of MP4 video a phone, a camera or an editor writes (HEIF images' brands are not among them). */
const VIDEO_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
  "M4VH",
  "M4VP",
  "dash",
  "mmp4",
  "msnv",
  "qt  ",
  "3gp4",
  "3gp5",
  "3gp6",
  "3g2a",
]);

/** An MPEG audio frame header (layer set, bitrate and sample rate not reserved). */
function isMpegFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const [b0, b1, b2] = [bytes[0]!, bytes[1]!, bytes[2]!];
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && ((b1 >> 1) & 3) !== 0 && ((b2 >> 4) & 0xf) !== 0xf && ((b2 >> 2) & 3) !== 3;
}

/** The hero's video: an MP4 (`ftyp` box with a video brand), whatever the file was called. */
export function sniffVideo(bytes: Uint8Array): SniffedMedia | null {
  const brands = ftypBrands(bytes);
  if (!brands || brands.some((b) => AUDIO_BRANDS.has(b)) || !brands.some((b) => VIDEO_BRANDS.has(b))) return null;
  return { type: "video/mp4", ext: "mp4" };
}

/** The background music: MP3 (an ID3 tag or an MPEG frame), M4A (`ftyp` M4A) or OGG (`OggS`). */
export function sniffAudio(bytes: Uint8Array): SniffedMedia | null {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 4 && text(0, 4) === "OggS") return { type: "audio/ogg", ext: "ogg" };
  if (bytes.length >= 10 && text(0, 3) === "ID3" && bytes[3]! < 0xff && bytes[4]! < 0xff) return { type: "audio/mpeg", ext: "mp3" };
  if (isMpegFrame(bytes)) return { type: "audio/mpeg", ext: "mp3" };
  const brands = ftypBrands(bytes);
  if (brands?.some((b) => AUDIO_BRANDS.has(b))) return { type: "audio/mp4", ext: "m4a" };
  return null;
}

/** What each streamed slot accepts. */
export const SNIFFERS = { heroVideo: sniffVideo, music: sniffAudio } as const;
export type StreamedSlot = keyof typeof SNIFFERS;

/** A guest's video in the gallery: its container (how its duration is read), served type and stored extension. */
export interface SniffedGuestVideo {
  container: "iso" | "webm";
  type: "video/mp4" | "video/quicktime" | "video/webm";
  ext: "mp4" | "mov" | "webm";
}

/** An EBML header (a Matroska file's first element) whose DocType is `webm`. */
function isWebm(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || bytes[0] !== 0x1a || bytes[1] !== 0x45 || bytes[2] !== 0xdf || bytes[3] !== 0xa3) return false;
  // The DocType element (0x4282), a one-byte size, then the text; within the header's first bytes.
  for (let at = 4; at + 7 <= bytes.length; at++) {
    if (bytes[at] !== 0x42 || bytes[at + 1] !== 0x82) continue;
    const size = bytes[at + 2]! & 0x7f;
    return bytes[at + 2]! >= 0x80 && size === 4 && String.fromCharCode(...bytes.subarray(at + 3, at + 7)) === "webm";
  }
  return false;
}

/**
 * A guest's video for the gallery, by its first SNIFF_BYTES (never its name or declared type): an
 * MP4 or a QuickTime MOV (`ftyp` with a video brand; `qt  ` first is a MOV), or a WebM.
 */
export function sniffGuestVideo(bytes: Uint8Array): SniffedGuestVideo | null {
  if (isWebm(bytes)) return { container: "webm", type: "video/webm", ext: "webm" };
  if (!sniffVideo(bytes)) return null;
  return ftypBrands(bytes)![0] === "qt  " ? { container: "iso", type: "video/quicktime", ext: "mov" } : { container: "iso", type: "video/mp4", ext: "mp4" };
}

/** The stored video types the gallery serves, by the extension the server gave the file. */
export const GUEST_VIDEO_TYPES: Record<string, SniffedGuestVideo["type"]> = { mp4: "video/mp4", mov: "video/quicktime", webm: "video/webm" };

/** The longest video a guest may add to the gallery. */
export const MAX_GUEST_VIDEO_SECONDS = 60;
