import type { AppLoadContext } from "@remix-run/node";
import { consume, RateLimited } from "~/infra/rate-limit.server";
import { isAdminRequest, limitBearerGuesses } from "~/infra/auth.server";
import { uploaderNameHeader } from "~/infra/session.server";
import { uploaderNameOf } from "~/lib/names";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { PartRefused, readUpload, readUploadBatch, type ReceivedFile, type Streaming, type UploadReadError } from "~/http/multipart.server";
import {
  savePhoto,
  startVideo,
  videoLimitBytes,
  VideoRefused,
  type PhotoError,
  type Uploader,
  type VideoReceiver,
  type VideoSaved,
} from "~/models/photos.server";
import { sniffGuestVideo } from "~/lib/content-media";
import type { Media } from "~/models/gallery.server";
import { claimUploadKey, type UploadKeyClaim } from "~/models/upload-keys.server";
import { isUploadKey, UPLOAD_KEY_HEADER } from "~/lib/upload-key";

/** Why an upload was refused; each is a translation key under gallery.errors. */
export type UploadError =
  | UploadReadError
  | PhotoError
  | "fileAndSectionRequired"
  | "sectionRequired"
  | "tooManyFiles"
  | "uploaderNameTooLong"
  | "uploadKeyInvalid"
  | "uploadInProgress";

export const uploadErrorStatus: Record<UploadError, number> = {
  fileAndSectionRequired: 400,
  sectionRequired: 400,
  malformedUpload: 400,
  sectionNotFound: 404,
  uploadsClosed: 403,
  tooLarge: 413,
  // Not the guest's fault: the site is at a ceiling for now (try again later).
  galleryFull: 503,
  tooManyFiles: 413,
  uploaderNameTooLong: 400,
  notAnImage: 415,
  heicUnsupported: 415,
  storageFailed: 500,
  videoTooLarge: 413,
  videoTooLong: 422,
  videoDurationUnknown: 422,
  uploadKeyInvalid: 400,
  // The same file (its key) is still being received by another request: the phone tries again later.
  uploadInProgress: 409,
};

/** An upload refusal's message (a translation key): the gallery's, or the review namespace's for 'Tu nombre'. */
export const uploadErrorKey = (error: UploadError) => (error === "uploaderNameTooLong" ? "review:uploaderNameTooLong" : `gallery:errors.${error}`);

/**
 * Who is uploading, from the request and the form's 'Tu nombre' (`uploaderName`): the admin's
 * photos (session or bearer token) are published at once; a name too long refuses the upload.
 */
async function uploaderOf(request: Request, client: string, fields: ReadonlyMap<string, string>): Promise<Uploader | null> {
  const name = uploaderNameOf(fields.get("uploaderName"));
  if (!name.ok) return null;
  return { byAdmin: await isAdminRequest(request, client), name: name.name };
}

/** The cookie that keeps 'Tu nombre' for the next upload, when the form sent the field (a cleared field clears it). */
export async function uploaderCookieHeaders(request: Request, uploader: Uploader | null, sent: boolean): Promise<Record<string, string>> {
  if (!uploader || !sent) return {};
  return { "Set-Cookie": await uploaderNameHeader(request, uploader.name) };
}

/**
 * A section id as a page form, a query string or a URL sends it: digits only (surrounding
 * spaces aside), positive, at most 15 digits. Null otherwise.
 */
export function parseSectionId(raw: unknown): number | null {
  if (typeof raw !== "string") return null;
  const trimmed = raw.trim();
  return /^[0-9]{1,15}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}

export type ReceivedPhoto =
  | {
      ok: true;
      /** The success answer's body: the first request's again when `repeated`. */
      answer: unknown;
      /** The key was stored before: nothing was read or stored this time. */
      repeated: boolean;
      timing: string;
      headers: Record<string, string>;
    }
  | { ok: false; refusal: "forbidden" }
  | { ok: false; refusal: "rateLimited"; limited: RateLimited }
  | { ok: false; refusal: "invalid"; error: UploadError; status: number };

/** A stored photo or video, for the success answer's body. */
export interface StoredUpload {
  media: Media;
  pending: boolean;
  sectionId: number;
}

/**
 * The one photo upload flow, for the gallery page (section id in the form's `sectionId` field)
 * and POST /api/gallery/sections/{id}/media (section id in the URL: `sectionIdRaw`): cross-site
 * refusal, the per-client upload limit, the bounded multipart read, then savePhoto. A refusal
 * that comes before the body is read answers at once without reading it: the server reads the rest
 * and throws it away after the answer (server/request-body.mjs, the one home of that), so the
 * client gets the answer rather than a reset connection.
 *
 * With an `Idempotency-Key` header (a phone's upload queue, decision 0065) the key is claimed before
 * the body is read: a key already stored answers `answer`'s body of the first time and stores
 * nothing; one still being received answers `uploadInProgress`; a refused upload releases it. The
 * key counts only for the section (or table) it was sent to, and its answer is the first one as it
 * was, so a repeat tells nothing the first answer did not.
 */
export async function receivePhoto(
  request: Request,
  context: AppLoadContext,
  sectionIdRaw?: string,
  {
    answer = ({ media }) => media,
    table,
  }: {
    /** The success answer's body for a stored file (kept with the key for a repeat). */
    answer?: (stored: StoredUpload) => unknown;
    /** A table card's page: the file goes to this section, tagged with the table. */
    table?: { sectionId: number; tableId: number };
  } = {},
): Promise<ReceivedPhoto> {
  if (isCrossOrigin(request, context)) return { ok: false, refusal: "forbidden" };
  const started = performance.now();
  const client = clientIp(context);
  try {
    // A Bearer token is a guess counted like the admin password's (decides whether the photo is the admin's).
    await limitBearerGuesses(request, client);
    await consume("upload", client);
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    return { ok: false, refusal: "rateLimited", limited: error };
  }
  const invalid = (error: UploadError): ReceivedPhoto => ({ ok: false, refusal: "invalid", error, status: uploadErrorStatus[error] });
  const sectionRaw = table ? String(table.sectionId) : sectionIdRaw;
  const key = request.headers.get(UPLOAD_KEY_HEADER);
  let claim: UploadKeyClaim | null = null;
  if (key !== null) {
    if (!isUploadKey(key)) return invalid("uploadKeyInvalid");
    const scopeSection = parseSectionId(sectionRaw);
    // Without the section before the body, the upload is refused below all the same.
    if (scopeSection !== null) {
      claim = await claimUploadKey(table ? `table:${table.tableId}` : `section:${scopeSection}`, key);
      if (claim.state === "done") return { ok: true, answer: claim.answer, repeated: true, timing: "", headers: {} };
      if (claim.state === "busy") return invalid("uploadInProgress");
    }
  }
  const claimed = claim?.state === "claimed" ? claim : null;
  try {
    const read = await readUpload(request, videoStreaming(request, client, sectionRaw, table?.tableId ?? null));
    if (!read.ok) return invalid(read.error);
    const { file, fields, poster } = read.upload;
    const sectionId = parseSectionId(sectionRaw ?? fields.get("sectionId"));
    const uploader = await uploaderOf(request, client, fields);
    if (!file || sectionId === null || !uploader) {
      if (file && "streamed" in file) await file.streamed.abort();
      return invalid(!uploader ? "uploaderNameTooLong" : "fileAndSectionRequired");
    }
    const received = performance.now();
    const saved = await saveReceived(sectionId, file, uploader, poster, table?.tableId ?? null);
    if (!saved.ok) return invalid(saved.error);
    const body = answer({ media: saved.media, pending: saved.pending, sectionId });
    if (claimed) {
      await claimed.finish(saved.media.id, body);
      claim = null;
    }
    // How long the server took to receive and parse the body, then decode, resize, store and record it.
    const timing = `receive;dur=${(received - started).toFixed(1)}, process;dur=${(performance.now() - received).toFixed(1)}`;
    const headers = await uploaderCookieHeaders(request, uploader, fields.has("uploaderName"));
    return { ok: true, answer: body, repeated: false, timing, headers };
  } finally {
    // Not stored (refused, or the read failed): the key is free for the phone's next try.
    if (claimed && claim) await claimed.release();
  }
}

/** A streamed video's sink while its part is read: the model's receiver, its refusals as the body's. */
type VideoPart = { write(bytes: Buffer): Promise<void>; abort(): Promise<void>; receiver: VideoReceiver };

/**
 * How a video is told and started while its part is read: its first bytes say it is one (a photo
 * is held and decoded as before); the section (from the URL or the fields sent before the file)
 * and 'Tu nombre' are needed then, as its bytes go straight to the store.
 */
function videoStreaming(request: Request, client: string, sectionIdRaw?: string, tableId: number | null = null): Streaming<VideoPart> {
  return {
    limit: videoLimitBytes(),
    async start(head, name, fields) {
      const video = sniffGuestVideo(head);
      if (!video) return null;
      const sectionId = parseSectionId(sectionIdRaw ?? fields.get("sectionId"));
      if (sectionId === null) throw new PartRefused("fileAndSectionRequired");
      const uploader = await uploaderOf(request, client, fields);
      if (!uploader) throw new PartRefused("uploaderNameTooLong");
      const started = await startVideo(sectionId, video, name, uploader, tableId);
      if (!started.ok) throw new PartRefused(started.error);
      const { receiver } = started;
      return {
        receiver,
        write: (bytes) =>
          receiver.write(bytes).catch((error: unknown) => {
            throw error instanceof VideoRefused ? new PartRefused(error.error) : error;
          }),
        abort: () => receiver.abort(),
      };
    },
  };
}

/** A received file saved: a photo through the image pipeline, a streamed video finished with its poster. */
function saveReceived(
  sectionId: number,
  file: ReceivedFile<VideoPart>,
  uploader: Uploader,
  poster: Buffer | null = null,
  tableId: number | null = null,
): Promise<VideoSaved | Awaited<ReturnType<typeof savePhoto>>> {
  return "streamed" in file ? file.streamed.receiver.finish(poster) : savePhoto(sectionId, file, uploader, tableId);
}

/** One photo of a batch: stored, or why not (rate-limited: the minutes until the guest may try again). */
export type BatchPhotoResult =
  | { name: string; ok: true; media: Media; pending: boolean; sectionId: number }
  | { name: string; ok: false; error: UploadError; status: number }
  | { name: string; ok: false; error: "rateLimited"; status: 429; retryAfterSeconds: number; retryAfterMinutes: number };

export type ReceivedBatch =
  | { ok: false; refusal: "forbidden" }
  | { ok: false; refusal: "rateLimited"; limited: RateLimited }
  | {
      ok: true;
      results: BatchPhotoResult[];
      /** Why the body stopped being read (the photos before it have their results), or what a body without photos lacked. */
      error: UploadError | null;
      sectionId: number | null;
      timing: string;
      /** The 'Tu nombre' cookie, when a photo was stored with the field sent. */
      headers: Record<string, string>;
    };

/**
 * The gallery page's upload: the same flow as receivePhoto (cross-site refusal, the upload limit,
 * the bounded read, savePhoto), for one photo (the page's script sends one request per photo) or a plain form's
 * batch of up to MAX_UPLOAD_BATCH. Each photo is saved as its part ends, in order, and counts one
 * point of the upload limit: photos past the allowance are refused as rate-limited, the ones before
 * are stored. The first point is taken before the body is read, so a client already over the
 * limit gets its answer without the server decoding anything.
 */
export async function receivePhotos(
  request: Request,
  context: AppLoadContext,
  /** A table card's page: every photo goes to this section, tagged with the table; the form's `sectionId` is not read. */
  table?: { sectionId: number; tableId: number },
): Promise<ReceivedBatch> {
  if (isCrossOrigin(request, context)) return { ok: false, refusal: "forbidden" };
  const started = performance.now();
  const client = clientIp(context);
  try {
    await limitBearerGuesses(request, client);
    await consume("upload", client);
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    return { ok: false, refusal: "rateLimited", limited: error };
  }
  let prepaid = true;
  let limited: RateLimited | null = null;
  let processing = 0;
  const results: BatchPhotoResult[] = [];
  let headers: Record<string, string> = {};
  const save = async (file: ReceivedFile<VideoPart>, sectionId: number, fields: ReadonlyMap<string, string>): Promise<BatchPhotoResult> => {
    const { name } = file;
    const uploader = await uploaderOf(request, client, fields);
    if (!uploader) {
      if ("streamed" in file) await file.streamed.abort();
      return { name, ok: false, error: "uploaderNameTooLong", status: uploadErrorStatus.uploaderNameTooLong };
    }
    if (!prepaid && !limited) {
      try {
        await consume("upload", client);
      } catch (error) {
        if (!(error instanceof RateLimited)) throw error;
        limited = error;
      }
    }
    prepaid = false;
    if (limited) {
      if ("streamed" in file) await file.streamed.abort();
      const { retryAfterSeconds, retryAfterMinutes } = limited;
      return { name, ok: false, error: "rateLimited", status: 429, retryAfterSeconds, retryAfterMinutes };
    }
    const before = performance.now();
    const saved = await saveReceived(sectionId, file, uploader, null, table?.tableId ?? null);
    processing += performance.now() - before;
    if (!saved.ok) return { name, ok: false, error: saved.error, status: uploadErrorStatus[saved.error] };
    headers = await uploaderCookieHeaders(request, uploader, fields.has("uploaderName"));
    return { name, ok: true, media: saved.media, pending: saved.pending, sectionId };
  };
  // A single photo sent before the section id (curl -F file=@… -F sectionId=…) waits for it, as it
  // always could; it is the only photo then held, so later ones without a section id are refused.
  // A video streams to its section as it comes, so it never waits: it needs the section id before it.
  let waiting: { name: string; bytes: Buffer; at: number } | null = null;
  const settleWaiting = async (sectionId: number | null, fields: ReadonlyMap<string, string>) => {
    if (!waiting) return;
    const { at, ...file } = waiting;
    waiting = null;
    results[at] =
      sectionId === null
        ? { name: file.name, ok: false, error: "fileAndSectionRequired", status: uploadErrorStatus.fileAndSectionRequired }
        : await save(file, sectionId, fields);
  };
  const sectionOf = (fields: ReadonlyMap<string, string>) => (table ? table.sectionId : parseSectionId(fields.get("sectionId")));
  const read = await readUploadBatch(
    request,
    async (file, fields) => {
      const name = file.name;
      if ("error" in file) {
        results.push({ name, ok: false, error: file.error, status: uploadErrorStatus[file.error] });
        return;
      }
      const sectionId = sectionOf(fields);
      if (sectionId !== null) await settleWaiting(sectionId, fields);
      else if (!waiting && results.length === 0 && "bytes" in file) {
        waiting = { ...file, at: results.length };
        results.push({ name, ok: false, error: "fileAndSectionRequired", status: uploadErrorStatus.fileAndSectionRequired });
        return;
      }
      results.push(
        sectionId === null
          ? { name, ok: false, error: "fileAndSectionRequired", status: uploadErrorStatus.fileAndSectionRequired }
          : await save(file, sectionId, fields),
      );
    },
    videoStreaming(request, client, table ? String(table.sectionId) : undefined, table?.tableId ?? null),
  );
  if (read.ok) await settleWaiting(sectionOf(read.fields), read.fields);
  if (!read.ok) return { ok: true, results, error: read.error, sectionId: null, timing: "", headers };
  const sectionId = sectionOf(read.fields);
  const error = results.length === 0 ? "fileAndSectionRequired" : null;
  // How long the server spent receiving and parsing the body, then decoding, resizing and storing the photos.
  const receiving = performance.now() - started - processing;
  const timing = `receive;dur=${receiving.toFixed(1)}, process;dur=${processing.toFixed(1)}`;
  return { ok: true, results, error, sectionId, timing, headers };
}
