import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { listSections } from "~/models/gallery.server";
import { flashToastHeader } from "~/infra/session.server";
import { TOO_MANY_REQUESTS_KEY } from "~/http/rate-limited.server";
import { parseSectionId, receivePhoto } from "~/http/photo-upload.server";

/** Guests see active sections only; `?section=ID` opens one (its own page without JavaScript). */
export async function loadGallery(request: Request) {
  const sections = await listSections();
  const param = new URL(request.url).searchParams.get("section");
  const selectedId = parseSectionId(param);
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
  const received = await receivePhoto(request, context);
  if (!received.ok) {
    // A forged post from another site never reaches the gallery.
    if (received.refusal === "forbidden") return data({ ok: false as const, error: "gallery:errors.forbidden", retryAfterMinutes: 0 }, { status: 403 });
    if (received.refusal === "rateLimited") {
      const { limited } = received;
      return data(
        { ok: false as const, error: TOO_MANY_REQUESTS_KEY, retryAfterMinutes: limited.retryAfterMinutes },
        { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
      );
    }
    return data({ ok: false as const, error: `gallery:errors.${received.error}`, retryAfterMinutes: 0 }, { status: received.status });
  }
  const { media, sectionId, timing } = received;
  if (received.scripted) return data({ ok: true as const, media, error: null, retryAfterMinutes: 0 }, { headers: { "Server-Timing": timing } });
  return redirect(`/gallery?section=${sectionId}`, {
    headers: { "Set-Cookie": await flashToastHeader(request, { kind: "success", key: "gallery:uploadSuccess" }), "Server-Timing": timing },
  });
}
