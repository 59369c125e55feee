import { z } from "zod";
import { apiJson, fail, readJson, requireApiAdmin } from "~/http/api.server";
import { listSections } from "~/models/gallery.server";
import { approvePending, countPending, rejectPending, type ReviewTarget } from "~/models/review.server";
import { imageSlots } from "~/infra/image.server";
import { storage, storageHealth } from "~/infra/storage.server";

/** GET /api/debug/gallery: counts, the photo processing queue and the store's health; no paths, no secrets. */
export async function galleryDebug() {
  const sections = await listSections({ includeInactive: true });
  const media = sections.reduce((n, s) => n + s.media.length, 0);
  return {
    sections: sections.length,
    activeSections: sections.filter((s) => s.is_active).length,
    uploadSections: sections.filter((s) => s.allow_upload).length,
    media,
    // Waiting for review: counted in none of the other figures.
    pendingMedia: await countPending(),
    mediaBytes: sections.reduce((n, s) => n + s.media.reduce((m, item) => m + item.size, 0), 0),
    bySection: sections.map((s) => ({ id: s.id, name: s.name, is_active: s.is_active, allow_upload: s.allow_upload, media: s.media.length })),
    imageQueue: imageSlots(),
    storage: { driver: storage().driver, bucket: storage().bucket, cacheControlSeconds: storage().cacheControlSeconds, healthy: await storageHealth() },
  };
}

const decisionBody = z.object({ decision: z.enum(["approve", "reject"]) }).strict();

/**
 * POST /api/gallery/review/media/{id} and /api/gallery/review/sections/{id} (admin), `{ decision:
 * "approve" | "reject" }`: the same decisions as the 'Por revisar' screen. 404 when nothing is
 * pending there (decided already, never pending, or no such photo or section).
 */
export async function reviewDecision(request: Request, target: ReviewTarget) {
  await requireApiAdmin(request);
  const { decision } = await readJson(request, decisionBody);
  const count = decision === "approve" ? await approvePending(target) : await rejectPending(target);
  if (count === 0) return fail(request, [404, "review:toasts.nothingPending"]);
  return apiJson({ decision, count });
}
