import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { listSections, sectionIn } from "~/models/gallery.server";
import { config } from "~/infra/config.server";
import { MAX_GUEST_VIDEO_SECONDS } from "~/lib/content-media";
import { getLanguage } from "~/infra/i18n.server";
import { flashToastHeader, getUploaderName } from "~/infra/session.server";
import { TOO_MANY_REQUESTS_KEY } from "~/http/rate-limited.server";
import { parseSectionId, receivePhotos, uploadErrorKey, uploadErrorStatus, type UploadError } from "~/http/photo-upload.server";

/**
 * Guests see active sections only, each as its cover and count; `?section=ID` opens one with its
 * photos (its own page without JavaScript).
 * `uploaderName`: the 'Tu nombre' this browser gave last (its cookie), filled in on the server.
 */
export async function loadGallery(request: Request) {
  const language = await getLanguage(request);
  const listed = (await listSections({ variants: true })).map((section) => sectionIn(section, language));
  const param = new URL(request.url).searchParams.get("section");
  const selectedId = parseSectionId(param);
  // The grid needs each section's cover and count only; the photos travel with the section that is
  // open (`?section=`, a page of its own or the dialog's navigation). A gallery of hundreds of photos
  // then costs the first visit a few kilobytes, not every photo's record.
  const sections = listed.map(({ media, ...section }) => ({ ...section, cover: media[0] ?? null, count: media.length }));
  const selected = listed.find((s) => s.id === selectedId) ?? null;
  // ?section= with no usable id: 'Se requiere un ID de sección'; an id that is not
  // an active section (inactive ones included): not found.
  const selectedError = param === null ? null : selectedId === null ? ("sectionRequired" as const) : selected ? null : ("sectionNotFound" as const);
  // The video limits, for the messages that name them and the script's check before sending.
  const videoLimits = { mb: config().GALLERY_VIDEO_MAX_MB, seconds: MAX_GUEST_VIDEO_SECONDS };
  return { sections, selected, selectedError, uploaderName: await getUploaderName(request), videoLimits };
}

/** One line of a batch's answer page: the file's name, and stored or the message (a translation key). */
export interface BatchLine {
  name: string;
  stored: boolean;
  /** Stored, waiting for the couple's review: not public yet. */
  pending: boolean;
  error: string | null;
  retryAfterMinutes: number;
}

const errorKey = (error: UploadError | "rateLimited") => (error === "rateLimited" ? TOO_MANY_REQUESTS_KEY : uploadErrorKey(error));

/**
 * A guest's photo upload through the page's form (multipart: `file`, or several `file` parts, and
 * `sectionId`). One answer however it was sent (the page's script uploads through the API, one
 * photo per request, with progress): one photo stored is a redirect to the section with a flash
 * toast, one refused its message; several photos, the answer lists each file's result (200 when
 * any was stored).
 */
export async function handleGalleryUpload(request: Request, context: AppLoadContext) {
  const received = await receivePhotos(request, context);
  if (!received.ok) {
    // A forged post from another site never reaches the gallery.
    if (received.refusal === "forbidden")
      return data({ ok: false as const, error: "gallery:errors.forbidden", retryAfterMinutes: 0, batch: null }, { status: 403 });
    const { limited } = received;
    return data(
      { ok: false as const, error: TOO_MANY_REQUESTS_KEY, retryAfterMinutes: limited.retryAfterMinutes, batch: null },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const { results, timing } = received;
  if (results.length === 0 || (results.length === 1 && !received.error)) {
    const only = results[0];
    if (!only || !only.ok) {
      const error = only?.error ?? received.error ?? "fileAndSectionRequired";
      const status = only?.status ?? uploadErrorStatus[error as UploadError];
      const wait = only && only.error === "rateLimited" ? only : null;
      return data(
        { ok: false as const, error: errorKey(error), retryAfterMinutes: wait?.retryAfterMinutes ?? 0, batch: null },
        { status, headers: wait ? { "Retry-After": String(wait.retryAfterSeconds) } : undefined },
      );
    }
    const { sectionId } = only;
    // A photo waiting for review: not the upload success, the review's notice.
    const toast = only.pending ? { kind: "info" as const, key: "review:pendingNotice" } : { kind: "success" as const, key: "gallery:uploadSuccess" };
    const headers = new Headers({ "Server-Timing": timing });
    headers.append("Set-Cookie", await flashToastHeader(request, toast));
    if (received.headers["Set-Cookie"]) headers.append("Set-Cookie", received.headers["Set-Cookie"]);
    return redirect(`/gallery?section=${sectionId}`, { headers });
  }
  const batch: BatchLine[] = results.map((r) => ({
    name: r.name,
    stored: r.ok,
    pending: r.ok && r.pending,
    error: r.ok ? null : errorKey(r.error),
    retryAfterMinutes: !r.ok && r.error === "rateLimited" ? r.retryAfterMinutes : 0,
  }));
  const stored = results.filter((r) => r.ok).length;
  const pending = results.filter((r) => r.ok && r.pending).length;
  const firstRefusal = results.find((r) => !r.ok);
  const wait = results.find((r) => !r.ok && r.error === "rateLimited");
  const status = stored > 0 || !firstRefusal || firstRefusal.ok ? 200 : firstRefusal.status;
  const headers: Record<string, string> = { ...received.headers };
  if (timing) headers["Server-Timing"] = timing;
  if (wait && !wait.ok && wait.error === "rateLimited") headers["Retry-After"] = String(wait.retryAfterSeconds);
  return data(
    {
      ok: stored > 0,
      // Why the rest of the body was not read (the files listed before it have their results).
      error: received.error ? errorKey(received.error) : null,
      retryAfterMinutes: 0,
      batch: { lines: batch, stored, pending, total: results.length },
    },
    { status: received.error && stored === 0 ? uploadErrorStatus[received.error] : status, headers },
  );
}
