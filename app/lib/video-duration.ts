/**
 * A video's duration from its container's header, read as the file streams past (no I/O, bounded
 * memory): an MP4/MOV's `mvhd` box (its timescale and duration; a fragmented file's `mehd` when
 * `mvhd` says 0), a WebM's Segment → Info → Duration (in TimecodeScale units). Only the `moov` box
 * (at most MAX_MOOV_BYTES) or the WebM's first MAX_WEBM_HEAD_BYTES are ever kept. A header that is
 * missing, cut short, garbage or past those bounds gives null: the duration cannot be read.
 */

export const MAX_MOOV_BYTES = 8 * 1024 * 1024;
export const MAX_WEBM_HEAD_BYTES = 1024 * 1024;

export interface DurationReader {
  push(chunk: Uint8Array): void;
  /** Seconds, or null when the header gave none; call once the whole file has been pushed. */
  seconds(): number | null;
}

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) * 2 ** 32 + u32(b, at + 4);
const text4 = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** The boxes directly inside `body`: [type, start of content, end]; stops at the first malformed size. */
function* childBoxes(body: Uint8Array): Generator<[string, number, number]> {
  for (let at = 0; at + 8 <= body.length;) {
    let size = u32(body, at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > body.length) return;
      size = u64(body, at + 8);
      header = 16;
    } else if (size === 0) size = body.length - at;
    if (size < header || at + size > body.length) return;
    yield [text4(body, at + 4), at + header, at + size];
    at += size;
  }
}

/** Seconds from a `moov` box's content: mvhd's duration / timescale, or mvex → mehd's when mvhd says 0. */
export function moovSeconds(moov: Uint8Array): number | null {
  let timescale = 0;
  let duration = 0;
  let fragments = 0;
  for (const [type, start, end] of childBoxes(moov)) {
    const box = moov.subarray(start, end);
    if (type === "mvhd") {
      const v1 = box[0] === 1;
      if (box.length < (v1 ? 32 : 20)) return null;
      timescale = u32(box, v1 ? 20 : 12);
      duration = v1 ? u64(box, 24) : u32(box, 16);
      // All ones: "unknown" by the format's own rule.
      if ((v1 && u32(box, 24) === 0xffffffff && u32(box, 28) === 0xffffffff) || (!v1 && duration === 0xffffffff)) duration = 0;
    } else if (type === "mvex") {
      for (const [inner, s, e] of childBoxes(box)) {
        if (inner !== "mehd") continue;
        const mehd = box.subarray(s, e);
        const v1 = mehd[0] === 1;
        if (mehd.length >= (v1 ? 12 : 8)) fragments = v1 ? u64(mehd, 4) : u32(mehd, 4);
      }
    }
  }
  const units = duration || fragments;
  return timescale > 0 && units > 0 ? units / timescale : null;
}

/** The MP4/MOV reader: walks the top-level boxes, skipping each but `moov`, which it keeps and reads. */
function isoReader(): DurationReader {
  let header: number[] = [];
  let skip = 0;
  let moov: Uint8Array | null = null;
  let filled = 0;
  /** Until the end of the file (a last box of size 0). */
  let toEnd = false;
  let result: number | null | undefined;
  const finishMoov = () => {
    result = moovSeconds(moov!.subarray(0, filled));
    moov = null;
  };
  return {
    push(chunk) {
      let at = 0;
      while (at < chunk.length && result === undefined) {
        if (moov) {
          const take = Math.min(moov.length - filled, chunk.length - at);
          if (filled + take > MAX_MOOV_BYTES) {
            result = null;
            return;
          }
          moov.set(chunk.subarray(at, at + take), filled);
          filled += take;
          at += take;
          if (!toEnd && filled === moov.length) finishMoov();
          continue;
        }
        if (skip > 0) {
          const take = Math.min(skip, chunk.length - at);
          skip -= take;
          at += take;
          continue;
        }
        if (toEnd) return; // a last box that is not moov: nothing more to find
        header.push(chunk[at++]!);
        const bytes = Uint8Array.from(header);
        if (header.length < 8) continue;
        const size32 = u32(bytes, 0);
        if (size32 === 1 && header.length < 16) continue;
        const size = size32 === 1 ? u64(bytes, 8) : size32;
        const headerLength = size32 === 1 ? 16 : 8;
        const type = text4(bytes, 4);
        header = [];
        if (!/^[\x20-\x7e]{4}$/.test(type) || (size !== 0 && size < headerLength)) {
          result = null; // not a box: garbage
          return;
        }
        if (type === "moov") {
          if (size === 0) {
            toEnd = true;
            moov = new Uint8Array(MAX_MOOV_BYTES);
          } else if (size - headerLength > MAX_MOOV_BYTES) {
            result = null;
            return;
          } else moov = new Uint8Array(size - headerLength);
          filled = 0;
          if (moov.length === 0) finishMoov();
        } else if (size === 0) toEnd = true;
        else skip = size - headerLength;
      }
    },
    seconds() {
      if (result === undefined && moov && toEnd) finishMoov();
      return result ?? null;
    },
  };
}

/** An EBML element ID (its length marker kept) at `at`: [id, length], or null when cut short or invalid. */
function ebmlId(b: Uint8Array, at: number): [number, number] | null {
  if (at >= b.length) return null;
  const first = b[at]!;
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (length === 0 || at + length > b.length) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + b[at + i]!;
  return [id, length];
}

/** An EBML size at `at`: [size (-1: unknown), length], or null when cut short or invalid. */
function ebmlSize(b: Uint8Array, at: number): [number, number] | null {
  if (at >= b.length) return null;
  const first = b[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x100 >> length))) length++;
  if (length > 8 || at + length > b.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i]!;
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return [allOnes ? -1 : value, length];
}

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/** Seconds from the start of a WebM: "more" while the Info element is not all there yet. */
export function webmSeconds(b: Uint8Array): number | null | "more" {
  const element = (at: number) => {
    // A first byte no ID or size starts with: not EBML at all (rather than cut short).
    if (b[at] === 0 || (at < b.length && b[at]! < 0x10)) throw new NotEbml();
    const id = ebmlId(b, at);
    if (id && at + id[1] < b.length && b[at + id[1]] === 0) throw new NotEbml();
    const size = id && ebmlSize(b, at + id[1]);
    return id && size ? { id: id[0], size: size[0], body: at + id[1] + size[1] } : null;
  };
  try {
    return readWebm(b, element);
  } catch (error) {
    if (error instanceof NotEbml) return null;
    throw error;
  }
}

class NotEbml extends Error {}

function readWebm(b: Uint8Array, element: (at: number) => { id: number; size: number; body: number } | null): number | null | "more" {
  const head = element(0);
  if (!head) return "more";
  if (head.id !== EBML || head.size < 0) return null;
  const segment = element(head.body + head.size);
  if (!segment) return "more";
  if (segment.id !== SEGMENT) return null;
  for (let at = segment.body; ;) {
    const child = element(at);
    if (!child) return "more";
    if (child.id === CLUSTER || child.size < 0) return null; // Info comes before the first cluster
    if (child.id !== INFO) {
      at = child.body + child.size;
      continue;
    }
    if (child.body + child.size > b.length) return "more";
    let scale = 1_000_000;
    let duration: number | null = null;
    for (let inner = child.body; inner < child.body + child.size;) {
      const field = element(inner);
      if (!field || field.size < 0 || field.body + field.size > child.body + child.size) return null;
      const bytes = b.subarray(field.body, field.body + field.size);
      if (field.id === TIMECODE_SCALE && bytes.length >= 1 && bytes.length <= 6) scale = bytes.reduce((n, x) => n * 256 + x, 0);
      else if (field.id === DURATION) {
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        duration = bytes.length === 8 ? view.getFloat64(0) : bytes.length === 4 ? view.getFloat32(0) : null;
      }
      inner = field.body + field.size;
    }
    if (duration === null || !Number.isFinite(duration) || duration <= 0 || scale <= 0) return null;
    return (duration * scale) / 1e9;
  }
}

/** The WebM reader: keeps the file's first bytes (bounded) until Info has been read. */
function webmReader(): DurationReader {
  const head = new Uint8Array(MAX_WEBM_HEAD_BYTES);
  let filled = 0;
  let result: number | null | "more" = "more";
  return {
    push(chunk) {
      if (result !== "more" || filled === head.length) return;
      const take = Math.min(head.length - filled, chunk.length);
      head.set(chunk.subarray(0, take), filled);
      filled += take;
      result = webmSeconds(head.subarray(0, filled));
    },
    seconds() {
      return result === "more" ? null : result;
    },
  };
}

/** A reader for the container a file's first bytes named (sniffGuestVideo). */
export function durationReader(container: "iso" | "webm"): DurationReader {
  return container === "iso" ? isoReader() : webmReader();
}
