import { MAX_UPLOAD_BATCH, MAX_UPLOAD_BYTES } from "~/lib/constants";

/** Multipart overhead (boundaries, part headers, the small text fields) allowed on top of the photo. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** One file part's delimiter and headers (a long file name included). */
const MAX_PART_OVERHEAD_BYTES = 8 * 1024 + 256;
/** The whole request body is never read past this. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;
/** A batch (the plain form's multiple-file input): every photo at its largest, each with its part's headers. */
export const MAX_BATCH_BODY_BYTES = MAX_UPLOAD_BATCH * (MAX_UPLOAD_BYTES + MAX_PART_OVERHEAD_BYTES) + FORM_OVERHEAD_BYTES;
/** The only text fields an upload form sends, and how long each may be. */
const TEXT_FIELDS = new Set(["sectionId", "_js"]);
const MAX_TEXT_FIELD_BYTES = 256;
/** One part's header block (Content-Disposition with a long file name, Content-Type) fits in this. */
const MAX_PART_HEADER_BYTES = 8 * 1024;
/** An upload form has three parts; a body with many more is not one (and would only cost CPU). */
const MAX_PARTS = 20;
/**
 * A batch has its photos and the small fields; a few photos past MAX_UPLOAD_BATCH each get their
 * own refusal (a guest who picked 25), far more is not a form.
 */
const MAX_BATCH_PARTS = 2 * MAX_UPLOAD_BATCH + 4;
/** The file part's field name. */
const UPLOAD_FIELD = "file";

export interface ParsedUpload {
  file: { bytes: Buffer; name: string } | null;
  fields: Map<string, string>;
}

/** Why a body could not be read; each is a translation key under gallery.errors. */
export type ReadUploadError = "tooLarge" | "malformedUpload";

class TooLarge extends Error {}
class Malformed extends Error {}

/**
 * The request body's chunks, failing (and no longer pulling from the socket) once more than
 * `limit` bytes have come through, whatever Content-Length said (or did not say).
 */
async function* limitedChunks(body: ReadableStream<Uint8Array>, limit: number): AsyncGenerator<Buffer> {
  const reader = body.getReader();
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    seen += value.byteLength;
    // Not cancelled: the server discards the rest, and the client still gets its answer.
    if (seen > limit) throw new TooLarge();
    yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
}

/**
 * Reads and throws away a body the server will not use (up to `limit` bytes), so an early answer
 * (too many uploads) reaches the client instead of a reset connection. A body declared or found
 * to be larger is left unread: the connection is then closed, as for any oversized upload.
 */
export async function discardBody(request: Request, limit = MAX_UPLOAD_BODY_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  if (Number(request.headers.get("Content-Length") ?? "0") > limit) return;
  try {
    for await (const chunk of limitedChunks(request.body, limit)) void chunk;
  } catch {
    // Over the limit or the client went away: nothing more to do.
  }
}

/**
 * A Content-Disposition value (RFC 7578 section 4.2, RFC 6266): its type and parameters. Quoted
 * values may hold `;` and `=`; `\"` is an escaped quote, any other backslash is kept (old browsers
 * send Windows paths); `filename*=UTF-8''…` (RFC 5987) wins over `filename`. Null when malformed.
 */
function parseContentDisposition(value: string): { type: string; params: Map<string, string> } | null {
  const semi = value.indexOf(";");
  const type = (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase();
  const params = new Map<string, string>();
  const extended = new Map<string, string>();
  let i = semi === -1 ? value.length : semi + 1;
  while (i < value.length) {
    while (i < value.length && /[\s;]/.test(value[i])) i++;
    if (i >= value.length) break;
    const eq = value.indexOf("=", i);
    if (eq === -1) return null;
    const name = value.slice(i, eq).trim().toLowerCase();
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) return null;
    i = eq + 1;
    while (i < value.length && (value[i] === " " || value[i] === "\t")) i++;
    let raw = "";
    if (value[i] === '"') {
      i++;
      let closed = false;
      while (i < value.length) {
        const c = value[i];
        if (c === "\\" && value[i + 1] === '"') {
          raw += '"';
          i += 2;
        } else if (c === '"') {
          closed = true;
          i++;
          break;
        } else {
          raw += c;
          i++;
        }
      }
      if (!closed) return null;
      while (i < value.length && (value[i] === " " || value[i] === "\t")) i++;
      if (i < value.length && value[i] !== ";") return null;
    } else {
      const end = value.indexOf(";", i);
      raw = value.slice(i, end === -1 ? value.length : end).trim();
      i = end === -1 ? value.length : end;
    }
    if (name.endsWith("*")) {
      const decoded = decodeExtValue(raw);
      if (decoded !== null) extended.set(name.slice(0, -1), decoded);
    } else if (!params.has(name)) params.set(name, raw);
  }
  for (const [name, decoded] of extended) params.set(name, decoded);
  return { type, params };
}

/** `charset'language'percent-encoded` (RFC 5987): UTF-8 or ISO-8859-1; null otherwise. */
function decodeExtValue(raw: string): string | null {
  const match = /^([A-Za-z0-9!#$&+^_`{}~-]+)'[^']*'(.*)$/.exec(raw);
  if (!match) return null;
  const charset = match[1].toLowerCase();
  try {
    if (charset === "utf-8") return decodeURIComponent(match[2]);
    if (charset === "iso-8859-1")
      return Buffer.from(
        match[2].replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      ).toString("latin1");
  } catch {
    return null;
  }
  return null;
}

/** The multipart boundary from a Content-Type, or null when it has none (or an invalid one). */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

interface PartSink {
  write(bytes: Buffer): void;
  /** May be slow (a photo being saved): the body is not read further until it is done. */
  end(): void | Promise<void>;
}

/** A part's name and file name from its header lines (only Content-Disposition matters). */
function partHeaders(block: string): { name: string; filename: string | undefined } {
  let disposition: ReturnType<typeof parseContentDisposition> = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon === -1) throw new Malformed();
    if (line.slice(0, colon).trim().toLowerCase() === "content-disposition") disposition = parseContentDisposition(line.slice(colon + 1));
  }
  const name = disposition?.params.get("name");
  if (!disposition || disposition.type !== "form-data" || name === undefined) throw new Malformed();
  return { name, filename: disposition.params.get("filename") };
}

/**
 * Streams a multipart/form-data body part by part with bounded memory: between parts only a
 * delimiter's length is kept; each part's bytes go to the sink `open` gives it.
 */
async function parseMultipart(
  chunks: AsyncIterable<Buffer>,
  boundary: string,
  open: (part: { name: string; filename: string | undefined }) => PartSink,
  maxParts = MAX_PARTS,
) {
  // The first delimiter has no CRLF before it; one is prepended so every delimiter reads the same.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from("\r\n");
  let state: "preamble" | "delimiter" | "headers" | "body" | "done" = "preamble";
  let sink: PartSink | null = null;
  let parts = 0;
  for await (const chunk of chunks) {
    if (state === "done") continue; // the epilogue is read (within the limit) and ignored
    buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (state === "preamble") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          break;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "delimiter";
      } else if (state === "delimiter") {
        if (buffer.length < 2) break;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          break;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol === -1) {
          if (buffer.length > 256) throw new Malformed();
          break;
        }
        // Only transport padding (spaces, tabs) may follow a delimiter before its line ends.
        if (!/^[ \t]*$/.test(buffer.toString("latin1", 0, eol))) throw new Malformed();
        buffer = buffer.subarray(eol + 2);
        state = "headers";
      } else if (state === "headers") {
        const end = buffer.indexOf("\r\n\r\n");
        // A part with no header at all (its block starts with the blank line) names no field.
        if (end > MAX_PART_HEADER_BYTES || (end === -1 && buffer.length > MAX_PART_HEADER_BYTES) || buffer.indexOf("\r\n") === 0) throw new Malformed();
        if (end === -1) break;
        if (++parts > maxParts) throw new Malformed();
        sink = open(partHeaders(buffer.toString("utf8", 0, end)));
        buffer = buffer.subarray(end + 4);
        state = "body";
      } else if (state === "body") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          const keep = delimiter.length - 1;
          if (buffer.length > keep) {
            sink?.write(buffer.subarray(0, buffer.length - keep));
            buffer = Buffer.from(buffer.subarray(buffer.length - keep));
          }
          break;
        }
        sink?.write(buffer.subarray(0, at));
        await sink?.end();
        sink = null;
        buffer = buffer.subarray(at + delimiter.length);
        state = "delimiter";
      } else break;
    }
  }
  if (state !== "done") throw new Malformed();
}

const ignored: PartSink = { write() {}, end() {} };

/** A known small field goes into `fields` (when short enough); any other one is dropped. */
function textField(name: string, fields: Map<string, string>): PartSink {
  if (!TEXT_FIELDS.has(name)) return ignored;
  const kept: Buffer[] = [];
  let size = 0;
  return {
    write(bytes) {
      size += bytes.length;
      if (size <= MAX_TEXT_FIELD_BYTES) kept.push(bytes);
    },
    end() {
      if (size <= MAX_TEXT_FIELD_BYTES) fields.set(name, Buffer.concat(kept, size).toString("utf8"));
    },
  };
}

/** The file name without any folder (RFC 7578 section 4.2: only the last part is meaningful). */
const baseName = (filename: string) => filename.split(/[\\/]/).pop() ?? "";

/**
 * Reads an upload form (multipart: `file`, `sectionId`, `_js`; or a plain urlencoded form with no
 * file) with hard limits: a declared length over the limit is refused before reading; the body
 * is never read past MAX_UPLOAD_BODY_BYTES; the file part stops being read at MAX_UPLOAD_BYTES + 1;
 * only the first `file` part and the known small fields are kept, everything else is dropped.
 */
export async function readUpload(request: Request): Promise<{ ok: true; upload: ParsedUpload } | { ok: false; error: ReadUploadError }> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_UPLOAD_BODY_BYTES) return { ok: false, error: "tooLarge" };
  const fields = new Map<string, string>();
  if (!request.body) return { ok: true, upload: { file: null, fields } };
  const contentType = request.headers.get("Content-Type") ?? "";
  const chunks = limitedChunks(request.body, MAX_UPLOAD_BODY_BYTES);
  try {
    if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
      // A plain form (no file): only its small fields matter.
      const parts: Buffer[] = [];
      for await (const chunk of chunks) parts.push(chunk);
      for (const [key, value] of new URLSearchParams(Buffer.concat(parts).toString("utf8"))) if (TEXT_FIELDS.has(key)) fields.set(key, value);
      return { ok: true, upload: { file: null, fields } };
    }
    const boundary = boundaryOf(contentType);
    if (!boundary) return { ok: false, error: "malformedUpload" };
    let file: ParsedUpload["file"] = null;
    await parseMultipart(chunks, boundary, ({ name, filename }) => {
      const kept: Buffer[] = [];
      let size = 0;
      if (filename !== undefined) {
        if (name !== UPLOAD_FIELD || file) return ignored;
        return {
          write(bytes) {
            size += bytes.length;
            if (size > MAX_UPLOAD_BYTES) throw new TooLarge();
            kept.push(bytes);
          },
          end() {
            // An empty file input (a plain form sent without choosing a photo) is no file.
            if (size > 0) file = { bytes: Buffer.concat(kept, size), name: baseName(filename) || "foto" };
          },
        };
      }
      return textField(name, fields);
    });
    return { ok: true, upload: { file, fields } };
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, error: "tooLarge" };
    if (error instanceof Malformed) return { ok: false, error: "malformedUpload" };
    throw error;
  }
}

/** One file of a batch, as its part ended: its bytes, or why it was not kept. */
export type BatchFile = { name: string; bytes: Buffer } | { name: string; error: "tooLarge" | "tooManyFiles" };

/**
 * Reads a batch upload (the plain form's multiple-file input: `file` parts, `sectionId`, `_js`)
 * one photo at a time: each `file` part is handed to `onFile` as soon as it ends, and the body is
 * not read further until `onFile` is done, so at most one photo is ever held in memory. A part
 * over MAX_UPLOAD_BYTES is that file's refusal (the rest of it is read and dropped), as is every
 * file past MAX_UPLOAD_BATCH; empty file inputs are skipped. The body is never read past
 * MAX_BATCH_BODY_BYTES. `onFile` sees the small fields sent before the file.
 */
export async function readUploadBatch(
  request: Request,
  onFile: (file: BatchFile, fields: ReadonlyMap<string, string>) => Promise<void>,
): Promise<{ ok: true; fields: Map<string, string> } | { ok: false; error: ReadUploadError }> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BATCH_BODY_BYTES) return { ok: false, error: "tooLarge" };
  const fields = new Map<string, string>();
  if (!request.body) return { ok: true, fields };
  const contentType = request.headers.get("Content-Type") ?? "";
  const chunks = limitedChunks(request.body, MAX_BATCH_BODY_BYTES);
  try {
    if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
      const parts: Buffer[] = [];
      for await (const chunk of chunks) parts.push(chunk);
      for (const [key, value] of new URLSearchParams(Buffer.concat(parts).toString("utf8"))) if (TEXT_FIELDS.has(key)) fields.set(key, value);
      return { ok: true, fields };
    }
    const boundary = boundaryOf(contentType);
    if (!boundary) return { ok: false, error: "malformedUpload" };
    let files = 0;
    await parseMultipart(
      chunks,
      boundary,
      ({ name, filename }) => {
        if (filename === undefined) return textField(name, fields);
        if (name !== UPLOAD_FIELD) return ignored;
        const fileName = baseName(filename) || "foto";
        // Decided before its bytes arrive, so a photo past the batch's size is never kept.
        const extra = files >= MAX_UPLOAD_BATCH;
        let kept: Buffer[] = [];
        let size = 0;
        return {
          write(bytes) {
            size += bytes.length;
            // Dropped bytes are still counted: an empty input is told from a refused photo.
            if (extra || size > MAX_UPLOAD_BYTES) kept = [];
            else kept.push(bytes);
          },
          async end() {
            if (size === 0) return;
            files++;
            if (extra) return onFile({ name: fileName, error: "tooManyFiles" }, fields);
            if (size > MAX_UPLOAD_BYTES) return onFile({ name: fileName, error: "tooLarge" }, fields);
            const bytes = Buffer.concat(kept, size);
            kept = [];
            return onFile({ name: fileName, bytes }, fields);
          },
        };
      },
      MAX_BATCH_PARTS,
    );
    return { ok: true, fields };
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, error: "tooLarge" };
    if (error instanceof Malformed) return { ok: false, error: "malformedUpload" };
    throw error;
  }
}
