import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { listSections } from "~/models/gallery.server";
import { hit } from "~/infra/rate-limit.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { flashToastHeader } from "~/infra/session.server";
import { readUpload, savePhoto, uploadErrorStatus, type UploadError } from "~/models/upload.server";

/** Guests see active sections only; `?section=ID` opens one (its own page without JavaScript). */
export async function loadGallery(request: Request) {
  const sections = await listSections();
  const param = new URL(request.url).searchParams.get("section");
  const selectedId = param && /^\d+$/.test(param.trim()) ? Number(param.trim()) : null;
  // ?section= with no usable id: the spec's 'Se requiere un ID de sección'; an id that is not
  // an active section (inactive ones included): not found.
  const selectedError =
    param === null
      ? null
      : selectedId === null
        ? ("sectionRequired" as const)
        : sections.some((s) => s.id === selectedId)
          ? null
          : ("sectionNotFound" as const);
  return { sections, selectedId, selectedError };
}

/**
 * A guest's photo upload (multipart: `file`, `sectionId`). Scripted posts (`_js=1`) get data
 * back; plain posts are redirected to the section with a flash toast, or shown the error.
 */
export async function handleGalleryUpload(request: Request, context: AppLoadContext) {
  // A forged post from another site never reaches the gallery.
  if (isCrossOrigin(request, context)) return data({ ok: false as const, error: "gallery:errors.forbidden", retryAfterMinutes: 0 }, { status: 403 });
  const started = performance.now();
  const limit = hit("upload", clientIp(context));
  if (!limit.allowed) {
    return data(
      { ok: false as const, error: "common:tooManyRequests", retryAfterMinutes: Math.ceil(limit.retryAfter / 60) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  const read = await readUpload(request);
  const fail = (error: UploadError) =>
    data({ ok: false as const, error: `gallery:errors.${error}`, retryAfterMinutes: 0 }, { status: uploadErrorStatus[error] });
  if (!read.ok) return fail(read.error);
  const { file, fields } = read.upload;
  const rawSection = fields.get("sectionId");
  const sectionId = typeof rawSection === "string" && /^\d+$/.test(rawSection) ? Number(rawSection) : null;
  if (!file || sectionId === null) return fail("fileAndSectionRequired");
  const received = performance.now();
  const saved = await savePhoto(sectionId, file);
  if (!saved.ok) return fail(saved.error);
  // How long the server took to receive and parse the body, then decode, resize, store and record it.
  const timing = `receive;dur=${(received - started).toFixed(1)}, process;dur=${(performance.now() - received).toFixed(1)}`;
  if (fields.get("_js") === "1")
    return data({ ok: true as const, media: saved.media, error: null, retryAfterMinutes: 0 }, { headers: { "Server-Timing": timing } });
  return redirect(`/gallery?section=${sectionId}`, {
    headers: { "Set-Cookie": await flashToastHeader(request, { kind: "success", key: "gallery:uploadSuccess" }), "Server-Timing": timing },
  });
}
