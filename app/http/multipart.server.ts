import { once } from "node:events";
import busboy from "busboy";
import { MAX_UPLOAD_BATCH, MAX_UPLOAD_BYTES } from "~/lib/constants";
import { SNIFF_BYTES } from "~/lib/content-media";
import type { VideoError } from "~/models/photos.server";

/** Multipart overhead (boundaries, part headers, the small text fields) allowed on top of the photo. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** One file part's delimiter and headers (a long file name included). */
const MAX_PART_OVERHEAD_BYTES = 8 * 1024 + 256;
/** The whole request body is never read past this. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;
/** A batch (the plain form's multiple-file input): every photo at its largest, each with its part's headers. */
export const MAX_BATCH_BODY_BYTES = MAX_UPLOAD_BATCH * (MAX_UPLOAD_BYTES + MAX_PART_OVERHEAD_BYTES) + FORM_OVERHEAD_BYTES;
/**
 * The only text fields an upload form sends, and how long each may be. `_js` is what a page loaded
 * by an older version of the site still sends: accepted, never read (decision 0043).
 */
const TEXT_FIELDS = new Set(["sectionId", "_js", "uploaderName"]);
/** The poster a page's script drew from a video's first frame, sent before the video (a picture, held: at most MAX_UPLOAD_BYTES). */
const POSTER_FIELD = "poster";
/** 'Tu nombre' is at most 60 characters, each up to 4 bytes, plus invisible ones the server removes. */
const MAX_TEXT_FIELD_BYTES = 1024;
/** An upload form has three parts; a body with many more is not one (and would only cost CPU). */
const MAX_PARTS = 20;
/**
 * A batch has its photos and the small fields; a few photos past MAX_UPLOAD_BATCH each get their
 * own refusal (a guest who picked 25), far more is not a form.
 */
const MAX_BATCH_PARTS = 2 * MAX_UPLOAD_BATCH + 4;
/** The file part's field name. */
const UPLOAD_FIELD = "file";

/** A file part that goes to its own sink as it arrives (a video), never held whole. */
export interface StreamedPart {
  /** Resolves once the bytes are taken; the body is not read further meanwhile. */
  write(bytes: Buffer): Promise<void>;
  /** The body failed or the upload was refused: what was written is removed. */
  abort(): Promise<void>;
}

/**
 * Decides from a file part's first SNIFF_BYTES (and the fields sent before it) whether it streams:
 * a sink, or null to hold it as a photo. May throw PartRefused.
 */
export type StreamStart<S extends StreamedPart> = (head: Buffer, name: string, fields: ReadonlyMap<string, string>) => Promise<S | null>;

/** How streamed parts are started, and how large one may be. */
export interface Streaming<S extends StreamedPart> {
  start: StreamStart<S>;
  limit: number;
}

/** A file as its part ended: held bytes (a photo), or the sink it streamed to (a video). */
export type ReceivedFile<S> = { name: string; bytes: Buffer } | ([S] extends [never] ? never : { name: string; streamed: S });

export interface ParsedUpload<S = never> {
  file: ReceivedFile<S> | null;
  /** The picture sent in `poster` (a video's first frame), unchecked. */
  poster: Buffer | null;
  fields: Map<string, string>;
}

/** Why a body could not be read; each is a translation key under gallery.errors. */
export type ReadUploadError = "tooLarge" | "malformedUpload";
/** Why an upload's body was not read to its end: as ReadUploadError, or a streamed part refused. */
export type UploadReadError = ReadUploadError | "fileAndSectionRequired" | "uploaderNameTooLong" | VideoError;

class TooLarge extends Error {}
class Malformed extends Error {}
/** Thrown by a streamed part's start or write: the body stops being read, the answer is `error`. */
export class PartRefused extends Error {
  constructor(readonly error: Exclude<UploadReadError, ReadUploadError>) {
    super(error);
    this.name = "PartRefused";
  }
}

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
 * Counts the delimiters of a multipart body as it streams past (a delimiter's length kept between
 * chunks): busboy drops a part whose Content-Disposition it cannot read (an unclosed quote) without
 * a word, and such a body is malformed, not a form that lacks its photo.
 */
function delimiterCounter(contentType: string) {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  const needle = match ? Buffer.from(`\r\n--${match[1] ?? match[2]}`) : null;
  // The first delimiter has no CRLF before it; one is prepended so every delimiter reads the same.
  let tail = Buffer.from("\r\n");
  let count = 0;
  return {
    push(chunk: Buffer) {
      if (!needle) return;
      const hay = Buffer.concat([tail, chunk]);
      let last = 0;
      for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, last)) {
        count++;
        last = at + needle.length;
      }
      tail = Buffer.from(hay.subarray(Math.max(last, hay.length - needle.length + 1)));
    },
    /** The parts the body held (its delimiters less the closing one), or null when not known. */
    parts: () => (needle ? count - 1 : null),
  };
}

export interface FileSink {
  /** A promise returned holds the body's reading until it settles (a file being written to its store). */
  write(bytes: Buffer): void | Promise<void>;
  /** Called as the part ends; what it returns runs before the body is read further (a photo being saved). */
  end(): void | (() => Promise<void>);
}

/**
 * Streams a multipart/form-data body through busboy with bounded memory: a file part's bytes go to
 * the sink `file` gives it (busboy stops handing them over past MAX_UPLOAD_BYTES + 1), a text field
 * is at most MAX_TEXT_FIELD_BYTES + 1 bytes, more than `maxParts` parts is malformed. The body is not
 * read further while a finished file's work is under way, so a batch holds one photo at a time.
 * Throws TooLarge or Malformed, or what a sink threw.
 */
async function parseMultipart(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  { bodyLimit, maxParts, fileLimit = MAX_UPLOAD_BYTES }: { bodyLimit: number; maxParts: number; fileLimit?: number },
  handlers: { file(part: { name: string; filename: string }): FileSink; field(name: string, value: string): void },
): Promise<void> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send a file name's UTF-8 bytes as they are; the folder is dropped by baseName.
      defParamCharset: "utf8",
      preservePath: true,
      limits: { parts: maxParts, fileSize: fileLimit + 1, fieldSize: MAX_TEXT_FIELD_BYTES + 1, headerPairs: 16 },
    });
  } catch {
    throw new Malformed(); // no boundary
  }
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  let seen = 0;
  let work: Promise<void> = Promise.resolve();
  parser.on("file", (name: string | undefined, stream, info) => {
    seen++;
    // A body cut off (or given up on) mid-file ends its stream with an error; the body's answer says why.
    stream.on("error", () => {});
    if (!name) {
      fail(new Malformed());
      stream.resume();
      return;
    }
    let sink: FileSink;
    try {
      sink = handlers.file({ name, filename: info.filename ?? "" });
    } catch (error) {
      fail(error);
      stream.resume();
      return;
    }
    stream.on("data", (bytes: Buffer) => {
      if (failure) return;
      try {
        const pending = sink.write(bytes)?.catch(fail);
        if (pending) work = work.then(() => pending);
      } catch (error) {
        fail(error);
      }
    });
    stream.on("end", () => {
      if (failure) return;
      try {
        const next = sink.end();
        if (next) work = work.then(() => (failure ? undefined : next())).catch(fail);
      } catch (error) {
        fail(error);
      }
    });
  });
  parser.on("field", (name: string | undefined, value: string) => {
    seen++;
    if (!name) fail(new Malformed());
    else handlers.field(name, value);
  });
  parser.on("partsLimit", () => fail(new Malformed()));
  const finished = new Promise<void>((resolve) => {
    parser.on("error", () => {
      fail(new Malformed());
      resolve();
    });
    parser.on("close", resolve);
  });
  // A file part's end is announced on the next tick after the bytes that end it are parsed.
  const settle = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await work;
  };
  const counter = delimiterCounter(contentType);
  try {
    for await (const chunk of limitedChunks(body, bodyLimit)) {
      counter.push(chunk);
      if (!parser.write(chunk)) await Promise.race([once(parser, "drain"), finished]);
      await settle();
      if (failure) break;
    }
  } catch (error) {
    fail(error);
  }
  if (failure) parser.destroy();
  else {
    parser.end();
    await finished;
    await settle();
  }
  const parts = counter.parts();
  if (!failure && parts !== null && seen < parts) fail(new Malformed());
  if (failure) throw failure;
}

/** The file name without any folder (RFC 7578 section 4.2: only the last part is meaningful). */
const baseName = (filename: string) => filename.split(/[\\/]/).pop() || "foto";

/**
 * A known small field goes into `fields` (when short enough); any other one is dropped. 'Tu nombre'
 * too long is kept cut (past its limit still): its rule refuses it with a message rather than the
 * photo going without it.
 */
function keepField(known: ReadonlySet<string>, fields: Map<string, string>, name: string, value: string) {
  if (!known.has(name)) return;
  if (Buffer.byteLength(value) <= MAX_TEXT_FIELD_BYTES) fields.set(name, value);
  else if (name === "uploaderName") fields.set(name, value.slice(0, MAX_TEXT_FIELD_BYTES));
}

/**
 * An upload body's small fields, and each file part for `file` (multipart), or a plain urlencoded
 * form's small fields (a form sent with no file). TooLarge and Malformed become the answer's error.
 */
async function readForm(
  request: Request,
  { bodyLimit, maxParts, fileLimit, known = TEXT_FIELDS }: { bodyLimit: number; maxParts: number; fileLimit?: number; known?: ReadonlySet<string> },
  file: (part: { name: string; filename: string }, fields: Map<string, string>) => FileSink,
): Promise<{ ok: true; fields: Map<string, string> } | { ok: false; error: UploadReadError }> {
  const fields = new Map<string, string>();
  if (Number(request.headers.get("Content-Length") ?? "0") > bodyLimit) return { ok: false, error: "tooLarge" };
  if (!request.body) return { ok: true, fields };
  const contentType = request.headers.get("Content-Type") ?? "";
  try {
    if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
      const parts: Buffer[] = [];
      for await (const chunk of limitedChunks(request.body, bodyLimit)) parts.push(chunk);
      for (const [key, value] of new URLSearchParams(Buffer.concat(parts).toString("utf8"))) keepField(known, fields, key, value);
      return { ok: true, fields };
    }
    await parseMultipart(
      request.body,
      contentType,
      { bodyLimit, maxParts, fileLimit },
      { file: (part) => file(part, fields), field: (name, value) => keepField(known, fields, name, value) },
    );
    return { ok: true, fields };
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, error: "tooLarge" };
    if (error instanceof PartRefused) return { ok: false, error: error.error };
    if (error instanceof Malformed) return { ok: false, error: "malformedUpload" };
    throw error;
  }
}

const ignored: FileSink = { write() {}, end() {} };

/**
 * A file part's sink that holds a photo (refused past MAX_UPLOAD_BYTES when `strict`, else its
 * bytes dropped and counted) unless its first SNIFF_BYTES make `streaming` start a sink: then the
 * bytes go there as they come. Every write is chained, so bytes reach either in order. `done`
 * hands over the file when the part ends (null for an empty input).
 */
function sortingSink<S extends StreamedPart>(
  name: string,
  fields: ReadonlyMap<string, string>,
  streaming: Streaming<S> | undefined,
  strict: boolean,
  opened: (sink: S) => void,
  done: (file: ReceivedFile<S> | { name: string; size: number } | null) => void | Promise<void>,
): FileSink {
  let kept: Buffer[] = [];
  let size = 0;
  let decided = !streaming;
  let streamed: S | null = null;
  let chain: Promise<void> = Promise.resolve();
  const hold = (bytes: Buffer) => {
    size += bytes.length;
    if (size > MAX_UPLOAD_BYTES) {
      if (strict) throw new TooLarge();
      kept = [];
    } else kept.push(bytes);
  };
  const decide = async () => {
    decided = true;
    const head = Buffer.concat(kept);
    streamed = size > 0 && streaming ? await streaming.start(head, name, fields) : null;
    if (!streamed) return;
    opened(streamed);
    kept = [];
    await streamed.write(head);
  };
  return {
    write(bytes) {
      chain = chain.then(async () => {
        if (streamed) return streamed.write(bytes);
        hold(bytes);
        if (!decided && size >= SNIFF_BYTES) await decide();
      });
      return chain;
    },
    end() {
      return () =>
        chain.then(async () => {
          if (!decided) await decide();
          if (streamed) return done({ name, streamed } as ReceivedFile<S>);
          if (size === 0) return done(null);
          return done(size > MAX_UPLOAD_BYTES ? { name, size } : { name, bytes: Buffer.concat(kept, size) });
        });
    },
  };
}

/** The body limit of an upload that may carry one video of `limit` bytes and its poster. */
const streamedBodyLimit = (limit: number) => limit + MAX_UPLOAD_BYTES + MAX_PART_OVERHEAD_BYTES + FORM_OVERHEAD_BYTES;

/**
 * Reads an upload form (multipart: `file`, `sectionId`, `poster`; or a plain urlencoded form with
 * no file) with hard limits: a declared length over the limit is refused before reading; the body
 * is never read past MAX_UPLOAD_BODY_BYTES (or a video's limit and its poster, with `streaming`);
 * a held file stops being read at MAX_UPLOAD_BYTES + 1; a streamed one goes to its sink as it
 * comes (which refuses it past its limit). Only the first `file` part, the first `poster` and the
 * known small fields are kept, everything else is dropped. A streamed file whose body then fails
 * is aborted here.
 */
export async function readUpload<S extends StreamedPart = never>(
  request: Request,
  streaming?: Streaming<S>,
): Promise<{ ok: true; upload: ParsedUpload<S> } | { ok: false; error: UploadReadError }> {
  let file: ReceivedFile<S> | null = null;
  let poster: Buffer | null = null;
  let taken = false;
  let posterTaken = false;
  let open: S | null = null;
  const bodyLimit = streaming ? Math.max(MAX_UPLOAD_BODY_BYTES, streamedBodyLimit(streaming.limit)) : MAX_UPLOAD_BODY_BYTES;
  const fileLimit = streaming ? Math.max(MAX_UPLOAD_BYTES, streaming.limit) : MAX_UPLOAD_BYTES;
  const read = await readForm(request, { bodyLimit, maxParts: MAX_PARTS, fileLimit }, ({ name, filename }, fields) => {
    if (name === POSTER_FIELD && !posterTaken) {
      posterTaken = true;
      // A poster too large is dropped: the video shows a plain tile.
      return sortingSink<never>(
        baseName(filename),
        fields,
        undefined,
        false,
        () => {},
        (held) => {
          if (held && "bytes" in held) poster = held.bytes;
        },
      );
    }
    if (name !== UPLOAD_FIELD || taken) return ignored;
    taken = true;
    return sortingSink(
      baseName(filename),
      fields,
      streaming,
      true,
      (sink) => (open = sink),
      (received) => {
        // An empty file input (a plain form sent without choosing a photo) is no file.
        if (received && !("size" in received)) file = received;
        else taken = false;
      },
    );
  });
  if (!read.ok) {
    await (open as S | null)?.abort();
    return read;
  }
  return { ok: true, upload: { file, poster, fields: read.fields } };
}

/** One file of a batch, as its part ended: its bytes, its stream (a video), or why it was not kept. */
export type BatchFile<S = never> = ReceivedFile<S> | { name: string; error: "tooLarge" | "tooManyFiles" };

/**
 * Reads a batch upload (the plain form's multiple-file input: `file` parts, `sectionId`)
 * one file at a time: each `file` part is handed to `onFile` as soon as it ends, and the body is
 * not read further until `onFile` is done, so at most one photo is ever held in memory (a video,
 * with `streaming`, goes to its sink as it comes). A photo part over MAX_UPLOAD_BYTES is that
 * file's refusal (the rest of it is read and dropped), as is every file past MAX_UPLOAD_BATCH;
 * empty file inputs are skipped. The body is never read past MAX_BATCH_BODY_BYTES (or one video's
 * limit, when larger). `onFile` sees the small fields sent before the file.
 */
export async function readUploadBatch<S extends StreamedPart = never>(
  request: Request,
  onFile: (file: BatchFile<S>, fields: ReadonlyMap<string, string>) => Promise<void>,
  streaming?: Streaming<S>,
): Promise<{ ok: true; fields: Map<string, string> } | { ok: false; error: UploadReadError }> {
  let files = 0;
  let open: S | null = null;
  const bodyLimit = streaming ? Math.max(MAX_BATCH_BODY_BYTES, streamedBodyLimit(streaming.limit)) : MAX_BATCH_BODY_BYTES;
  const fileLimit = streaming ? Math.max(MAX_UPLOAD_BYTES, streaming.limit) : MAX_UPLOAD_BYTES;
  const read = await readForm(request, { bodyLimit, maxParts: MAX_BATCH_PARTS, fileLimit }, ({ name, filename }, fields) => {
    if (name !== UPLOAD_FIELD) return ignored;
    const fileName = baseName(filename);
    // The fields as they were when the file began (busboy may parse a later field before the file's end is announced).
    const before: ReadonlyMap<string, string> = new Map(fields);
    // Decided before its bytes arrive, so a file past the batch's size is never kept.
    if (files >= MAX_UPLOAD_BATCH) {
      let size = 0;
      return {
        write: (bytes) => void (size += bytes.length),
        end: () => (size === 0 ? undefined : (files++, () => onFile({ name: fileName, error: "tooManyFiles" }, before))),
      };
    }
    return sortingSink(
      fileName,
      before,
      streaming,
      false,
      (sink) => (open = sink),
      async (received) => {
        if (!received) return;
        files++;
        open = null;
        await onFile("size" in received ? { name: fileName, error: "tooLarge" } : received, before);
      },
    );
  });
  if (!read.ok) await (open as S | null)?.abort();
  return read;
}

/** The body limit of a form carrying one file of at most `fileLimit` bytes, with its small fields. */
export const singleFileBodyLimit = (fileLimit: number) => fileLimit + FORM_OVERHEAD_BYTES;

/**
 * Reads a form of one large file and a few small fields (`known`) with the same hard limits as the
 * photo uploads, for a file too large to hold: each `file` part's bytes go to the sink `file` gives
 * as they arrive, and the body is not read further while the sink's write is pending, so at most a
 * chunk of the body is in memory. The file part is read to `fileLimit` + 1 bytes (the sink refuses
 * more); the body to singleFileBodyLimit(fileLimit). The sink's own error is thrown as it was.
 */
export function readStreamedFile(
  request: Request,
  fileLimit: number,
  known: ReadonlySet<string>,
  file: (part: { name: string; filename: string }, fields: ReadonlyMap<string, string>) => FileSink,
): Promise<{ ok: true; fields: Map<string, string> } | { ok: false; error: ReadUploadError }> {
  // Its sinks throw no PartRefused: only the body's own errors come back.
  return readForm(request, { bodyLimit: singleFileBodyLimit(fileLimit), maxParts: MAX_PARTS, fileLimit, known }, (part, fields) =>
    part.name === UPLOAD_FIELD ? file({ name: part.name, filename: baseName(part.filename) }, fields) : ignored,
  ) as Promise<{ ok: true; fields: Map<string, string> } | { ok: false; error: ReadUploadError }>;
}
