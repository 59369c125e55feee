import type { AppLoadContext } from "@remix-run/node";
import { consume, RateLimited } from "~/infra/rate-limit.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { discardBody, readUpload, type ReadUploadError } from "~/http/multipart.server";
import { savePhoto, type PhotoError } from "~/models/photos.server";
import type { Media } from "~/models/gallery.server";

/** Why an upload was refused; each is a translation key under gallery.errors. */
export type UploadError = ReadUploadError | PhotoError | "fileAndSectionRequired" | "sectionRequired";

export const uploadErrorStatus: Record<UploadError, number> = {
  fileAndSectionRequired: 400,
  sectionRequired: 400,
  malformedUpload: 400,
  sectionNotFound: 404,
  uploadsClosed: 403,
  tooLarge: 413,
  notAnImage: 415,
  heicUnsupported: 415,
  storageFailed: 500,
};

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
  | { ok: true; media: Media; sectionId: number; scripted: boolean; timing: string }
  | { ok: false; refusal: "forbidden" }
  | { ok: false; refusal: "rateLimited"; limited: RateLimited }
  | { ok: false; refusal: "invalid"; error: UploadError; status: number };

/**
 * The one photo upload flow, for the gallery page (section id in the form's `sectionId` field)
 * and POST /api/gallery/sections/{id}/media (section id in the URL: `sectionIdRaw`): cross-site
 * refusal, the per-client upload limit, the bounded multipart read, then savePhoto. A refusal
 * that comes before the body is read still reads it (within the upload limit) and throws it away,
 * so the client gets the answer rather than a reset connection.
 */
export async function receivePhoto(request: Request, context: AppLoadContext, sectionIdRaw?: string): Promise<ReceivedPhoto> {
  if (isCrossOrigin(request, context)) {
    await discardBody(request);
    return { ok: false, refusal: "forbidden" };
  }
  const started = performance.now();
  try {
    await consume("upload", clientIp(context));
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    await discardBody(request);
    return { ok: false, refusal: "rateLimited", limited: error };
  }
  const invalid = (error: UploadError): ReceivedPhoto => ({ ok: false, refusal: "invalid", error, status: uploadErrorStatus[error] });
  const read = await readUpload(request);
  if (!read.ok) return invalid(read.error);
  const { file, fields } = read.upload;
  const sectionId = parseSectionId(sectionIdRaw ?? fields.get("sectionId"));
  if (!file || sectionId === null) return invalid("fileAndSectionRequired");
  const received = performance.now();
  const saved = await savePhoto(sectionId, file);
  if (!saved.ok) return invalid(saved.error);
  // How long the server took to receive and parse the body, then decode, resize, store and record it.
  const timing = `receive;dur=${(received - started).toFixed(1)}, process;dur=${(performance.now() - received).toFixed(1)}`;
  return { ok: true, media: saved.media, sectionId, scripted: fields.get("_js") === "1", timing };
}
