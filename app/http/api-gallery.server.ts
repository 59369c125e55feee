import sharp from "sharp";
import { MAX_UPLOAD_BYTES } from "~/lib/constants";
import { db } from "~/infra/db.server";
import { getSection, insertMediaRow, listSections, toMedia, type Media } from "~/models/gallery.server";
import { isValidKey, storage, storageHealth } from "~/infra/storage.server";
import { displayName } from "~/models/upload.server";

/**
 * Thin adapters the /api gallery routes need beside gallery.server / upload.server (owned by the
 * gallery developer): the spec's JSON media record for a file already in the store (the admin's
 * path; guests upload through upload.server's pipeline), and the debug counts.
 */

export type StoredMediaError = "sectionNotFound" | "fileNotInStore" | "tooLarge" | "notAnImage" | "alreadyRecorded";

/**
 * Records a photo that is already in the store under the section's folder (spec section 7's
 * media record: file_path, public_url, type IMAGE, name, size). The server trusts only the key:
 * the public URL is the store's, and size and dimensions are read from the stored bytes, which
 * must decode as an image. A key recorded twice is a conflict.
 */
export async function recordStoredMedia(
  sectionId: number,
  record: { file_path: string; name: string },
): Promise<{ ok: true; media: Media } | { ok: false; error: StoredMediaError }> {
  if (!(await getSection(sectionId, { includeInactive: true }))) return { ok: false, error: "sectionNotFound" };
  const key = record.file_path;
  if (!isValidKey(key) || !key.startsWith(`${sectionId}/`)) return { ok: false, error: "fileNotInStore" };
  const bytes = await storage().read(key);
  if (!bytes) return { ok: false, error: "fileNotInStore" };
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, error: "tooLarge" };
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { failOn: "error" }).metadata();
  } catch {
    return { ok: false, error: "notAnImage" };
  }
  // Only what the upload pipeline writes (never SVG or anything a browser could run).
  if (!meta.width || !meta.height || !["jpeg", "png", "webp"].includes(meta.format ?? "")) return { ok: false, error: "notAnImage" };
  const taken = await db().selectFrom("media").select("id").where("file_path", "=", key).executeTakeFirst();
  if (taken) return { ok: false, error: "alreadyRecorded" };
  const name = displayName(record.name);
  const row = {
    section_id: sectionId,
    type: "IMAGE" as const,
    file_path: key,
    public_url: storage().url(key),
    thumbnail_path: null,
    thumbnail_url: null,
    name,
    size: bytes.length,
    width: meta.width,
    height: meta.height,
  };
  const id = await insertMediaRow(row);
  return { ok: true, media: toMedia({ id, ...row }) };
}

/** GET /api/debug/gallery: counts and the store's health; no paths, no secrets. */
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
    storage: { driver: "local", bucket: storage().bucket, cacheControlSeconds: storage().cacheControlSeconds, healthy: await storageHealth() },
  };
}
