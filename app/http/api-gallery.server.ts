import { listSections } from "~/models/gallery.server";
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
    mediaBytes: sections.reduce((n, s) => n + s.media.reduce((m, item) => m + item.size, 0), 0),
    bySection: sections.map((s) => ({ id: s.id, name: s.name, is_active: s.is_active, allow_upload: s.allow_upload, media: s.media.length })),
    imageQueue: imageSlots(),
    storage: { driver: storage().driver, bucket: storage().bucket, cacheControlSeconds: storage().cacheControlSeconds, healthy: await storageHealth() },
  };
}
