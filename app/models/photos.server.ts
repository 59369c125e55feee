import crypto from "node:crypto";
import { once } from "node:events";
import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Transaction } from "kysely";
import { MAX_UPLOAD_BYTES } from "~/lib/constants";
import { MAX_GUEST_VIDEO_SECONDS, type SniffedGuestVideo } from "~/lib/content-media";
import { durationReader } from "~/lib/video-duration";
import { config } from "~/infra/config.server";
import { db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import { IMAGE_EXTENSIONS, processImage, storedImageInfo, type ImageError } from "~/infra/image.server";
import { isValidKey, storage, StorageKeyTaken } from "~/infra/storage.server";
import { variantOf } from "~/lib/thumbnail-variants";
import { pendingPhotosFull, photoRefused } from "~/models/ceilings.server";
import { getSection, toMedia, type Media } from "~/models/gallery.server";

/** Why a guest's photo was not saved; each is a translation key under gallery.errors. */
export type PhotoError = "sectionNotFound" | "uploadsClosed" | "tooLarge" | "galleryFull" | ImageError | "storageFailed";

/** Why a guest's video was not saved; each is a translation key under gallery.errors. */
export type VideoError = "sectionNotFound" | "uploadsClosed" | "galleryFull" | "videoTooLarge" | "videoTooLong" | "videoDurationUnknown" | "storageFailed";

/** Why the admin's media record was refused (the API maps each to its answer). */
export type StoredMediaError = "sectionNotFound" | "fileNotInStore" | "tooLarge" | "notAnImage" | "alreadyRecorded" | "fileInUse";

/**
 * The stored name: {sectionId}/{timestamp}-{random}.{ext}; the guest's file name is never a path.
 * A photo waiting for review gets 128 random bits instead of 48: a bucket with public reads
 * (S3_PUBLIC_URL) serves any key it is asked for, so its key must not be guessable (decision 0033).
 */
function storageKey(sectionId: number, ext: string, pending = false): string {
  return `${sectionId}/${Date.now()}-${crypto.randomBytes(pending ? 16 : 6).toString("hex")}.${ext}`;
}

/** The thumbnail written beside a photo or a video: {key without extension}-thumb.{ext}. */
const thumbnailKey = (key: string, ext: string) => `${key.slice(0, key.lastIndexOf("."))}-thumb.${ext}`;
const THUMBNAIL_NAME = /-thumb(-\d+)?\.[a-z]+$/;

/** A display name from the guest's file name: no path, no control characters, bounded. */
export function displayName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f<>]/g, "")
    .trim()
    .slice(0, 120);
  return clean || "foto";
}

/**
 * Keys written by uploads that have no row yet: the admin's media record must never take one
 * (the upload would then remove the file the record points to when its own insert fails).
 */
const uploadsInProgress = new Set<string>();

/**
 * Whether a guest may add a photo to the section now (it exists, is active and allows uploads),
 * and whether it must wait for the couple's review ('Revisar antes de publicar').
 */
async function uploadRefusal(
  trx: Transaction<Database> | ReturnType<typeof db>,
  sectionId: number,
): Promise<{ error: "sectionNotFound" | "uploadsClosed" } | { error: null; review: boolean }> {
  const section = await trx
    .selectFrom("gallery_sections")
    .select(["is_active", "allow_upload", "review_uploads"])
    .where("id", "=", sectionId)
    .executeTakeFirst();
  if (!section || !section.is_active) return { error: "sectionNotFound" };
  return section.allow_upload ? { error: null, review: Boolean(section.review_uploads) } : { error: "uploadsClosed" };
}

/** Who sent a photo: the admin's own uploads (session or bearer token) are published at once. */
export interface Uploader {
  byAdmin: boolean;
  /** 'Tu nombre', already normalised and checked (uploaderNameOf); null when not given. */
  name: string | null;
}

async function removeQuietly(keys: string[]) {
  for (const key of keys)
    await storage()
      .remove(key)
      .catch(() => undefined);
}

/**
 * The whole upload: the section must exist, be active and allow uploads; the photo is
 * processed and stored, then its row inserted. The section is checked again in the insert's
 * transaction (the photo may have waited for an image slot while the admin closed the section);
 * when refused then, or when the insert fails, the written files are removed. The site's
 * ceilings (pending photos, free disk: models/ceilings.server.ts) refuse it as "galleryFull".
 */
export async function savePhoto(
  sectionId: number,
  file: { bytes: Buffer; name: string },
  uploader: Uploader = { byAdmin: false, name: null },
  /** The table whose card's page sent it ('Sube tus fotos' on /mesa/{token}), or null. */
  tableId: number | null = null,
): Promise<{ ok: true; media: Media; pending: boolean } | { ok: false; error: PhotoError }> {
  const refused = await uploadRefusal(db(), sectionId);
  if (refused.error) return { ok: false, error: refused.error };
  // Decided when the upload starts: a switch turned on while it was processed applies to the next.
  const pending = refused.review && !uploader.byAdmin;
  if (file.bytes.length > MAX_UPLOAD_BYTES) return { ok: false, error: "tooLarge" };
  // The site's ceilings, before any work: the photo as received is larger than what is stored.
  if (await photoRefused(pending, file.bytes.length)) return { ok: false, error: "galleryFull" };
  const image = await processImage(file.bytes, { variants: true });
  if (!image.ok) return image;
  const ext = IMAGE_EXTENSIONS[image.format];
  const contentType = `image/${image.format}`;
  const key = storageKey(sectionId, ext, pending);
  const thumbKey = thumbnailKey(key, ext);
  // The thumbnail's AVIF and WebP copies (decision 0066), named after it.
  const variants = image.variants.map((v) => ({ key: variantOf(thumbKey, v.width, v.format), data: v.data, type: `image/${v.format}` }));
  const written: string[] = [];
  uploadsInProgress.add(key).add(thumbKey);
  for (const v of variants) uploadsInProgress.add(v.key);
  const put = async (k: string, data: Buffer, type = contentType) => {
    try {
      await storage().put(k, data, type);
    } catch (error) {
      // A bucket write that failed on the way back (a timeout) may still have landed; a key
      // that was already taken is someone else's file and stays.
      if (!(error instanceof StorageKeyTaken)) written.push(k);
      throw error;
    }
    written.push(k);
  };
  try {
    await put(key, image.web.data);
    await put(thumbKey, image.thumb.data);
    for (const v of variants) await put(v.key, v.data, v.type);
    // A pending photo is read through /uploads/* (admin only), never at a bucket's public address.
    const url = pending ? (k: string) => `/uploads/${k}` : (k: string) => storage().url(k);
    const row = {
      section_id: sectionId,
      type: "IMAGE" as const,
      status: pending ? ("pending" as const) : ("published" as const),
      published_at: pending ? null : new Date().toISOString(),
      uploader_name: uploader.name,
      table_id: tableId,
      file_path: key,
      public_url: url(key),
      thumbnail_path: thumbKey,
      thumbnail_url: url(thumbKey),
      variant_widths: variants.length ? [...new Set(image.variants.map((v) => v.width))].join(",") : null,
      name: displayName(file.name),
      size: image.web.data.length,
      width: image.web.width,
      height: image.web.height,
    };
    const inserted = await db()
      .transaction()
      .execute(async (trx) => {
        const refusedNow = await uploadRefusal(trx, sectionId);
        if (refusedNow.error) return { ok: false as const, error: refusedNow.error };
        // Again with the stored size, after the wait for an image slot: other uploads may have filled the ceiling meanwhile.
        if (pending && (await pendingPhotosFull(row.size, trx))) return { ok: false as const, error: "galleryFull" as const };
        const { id } = await trx.insertInto("media").values(row).returning("id").executeTakeFirstOrThrow();
        return { ok: true as const, id };
      });
    if (!inserted.ok) {
      await removeQuietly(written);
      return inserted;
    }
    return { ok: true, media: toMedia({ id: inserted.id, ...row }), pending };
  } catch (error) {
    // Never a file without its row: remove what was written.
    await removeQuietly(written);
    console.error("upload: could not store the photo", error);
    return { ok: false, error: "storageFailed" };
  } finally {
    uploadsInProgress.delete(key);
    uploadsInProgress.delete(thumbKey);
    for (const v of variants) uploadsInProgress.delete(v.key);
  }
}

/**
 * Records a photo that is already in the store under the section's folder (the media record a
 * client posts: file_path, public_url, type IMAGE, name, size). The server trusts only the key,
 * and only a fresh one: a real file under `{sectionId}/`, not a thumbnail, not an upload still
 * being saved, and named by no row (as photo or thumbnail), so that deleting one row never
 * removes a file another row shows. The public URL is the store's; size and dimensions are read
 * from the stored bytes, which must decode as an image the pipeline writes.
 */
export async function recordStoredMedia(
  sectionId: number,
  record: { file_path: string; name: string },
): Promise<{ ok: true; media: Media } | { ok: false; error: StoredMediaError }> {
  if (!(await getSection(sectionId, { includeInactive: true }))) return { ok: false, error: "sectionNotFound" };
  const key = record.file_path;
  if (!isValidKey(key) || !key.startsWith(`${sectionId}/`)) return { ok: false, error: "fileNotInStore" };
  if (uploadsInProgress.has(key) || THUMBNAIL_NAME.test(key)) return { ok: false, error: "fileInUse" };
  const stored = await storage().open(key);
  if (!stored) return { ok: false, error: "fileNotInStore" };
  // The size is known before reading: a huge object in the bucket is never pulled into memory.
  if (stored.size > MAX_UPLOAD_BYTES) {
    stored.body.destroy();
    return { ok: false, error: "tooLarge" };
  }
  const bytes = await buffer(stored.body);
  const info = await storedImageInfo(bytes);
  if (!info) return { ok: false, error: "notAnImage" };
  const row = {
    section_id: sectionId,
    type: "IMAGE" as const,
    published_at: new Date().toISOString(),
    file_path: key,
    public_url: storage().url(key),
    thumbnail_path: null,
    thumbnail_url: null,
    name: displayName(record.name),
    size: bytes.length,
    width: info.width,
    height: info.height,
  };
  // Checked and inserted in one transaction (the unique index on file_path backs it up).
  const inserted = await db()
    .transaction()
    .execute(async (trx) => {
      const taken = await trx
        .selectFrom("media")
        .select("id")
        .where((eb) => eb.or([eb("file_path", "=", key), eb("thumbnail_path", "=", key)]))
        .executeTakeFirst();
      if (taken) return null;
      return (await trx.insertInto("media").values(row).returning("id").executeTakeFirstOrThrow()).id;
    });
  if (inserted === null) return { ok: false, error: "alreadyRecorded" };
  return { ok: true, media: toMedia({ id: inserted, ...row }) };
}

/** The largest video a guest may add, in bytes (GALLERY_VIDEO_MAX_MB). */
export const videoLimitBytes = () => config().GALLERY_VIDEO_MAX_MB * 1024 * 1024;

/** Thrown by a video's write to stop reading the body; the flow answers with `error`. */
export class VideoRefused extends Error {
  constructor(readonly error: VideoError) {
    super(error);
    this.name = "VideoRefused";
  }
}

export type VideoSaved = { ok: true; media: Media; pending: boolean } | { ok: false; error: VideoError };

/** A guest's video being received: its bytes as they come, then finish() with the poster, or abort(). */
export interface VideoReceiver {
  /** Resolves once the store has taken the bytes (the body is read no faster); throws VideoRefused. */
  write(bytes: Buffer): Promise<void>;
  /** The video is whole: its duration is checked, the poster (a picture the browser drew) stored, the row recorded. */
  finish(poster: Buffer | null): Promise<VideoSaved>;
  /** The body failed or was refused: the partial file is removed. */
  abort(): Promise<void>;
}

/**
 * A guest's video (MP4, MOV or WebM, told by its first bytes), stored as sent: the section's rules
 * and the site's ceilings are checked before anything is written, then each chunk goes to the store
 * as it comes (never the whole file in memory) while its bytes are counted (over
 * GALLERY_VIDEO_MAX_MB: refused, the partial file removed) and its container's header is read for
 * the duration (longer than MAX_GUEST_VIDEO_SECONDS, or not readable: refused, removed). The poster
 * goes through the photo pipeline; one that is not an image is dropped (the video shows a plain tile).
 * It waits for review like a photo and counts against the pending ceiling with its full size.
 */
export async function startVideo(
  sectionId: number,
  video: SniffedGuestVideo,
  name: string,
  uploader: Uploader = { byAdmin: false, name: null },
  /** The table card's page it came from ('Mesas'), or null. */
  tableId: number | null = null,
): Promise<{ ok: true; receiver: VideoReceiver } | { ok: false; error: VideoError }> {
  const refused = await uploadRefusal(db(), sectionId);
  if (refused.error) return { ok: false, error: refused.error };
  const pending = refused.review && !uploader.byAdmin;
  if (await photoRefused(pending, 0)) return { ok: false, error: "galleryFull" };
  const limit = videoLimitBytes();
  const key = storageKey(sectionId, video.ext, pending);
  const reader = durationReader(video.container);
  const pass = new PassThrough();
  uploadsInProgress.add(key);
  const stored = storage().putStream(key, pass, video.type);
  stored.catch(() => undefined); // awaited by finish() or abort()
  let size = 0;
  const written: string[] = [key];
  const remove = async () => {
    pass.destroy();
    await stored.catch(() => undefined);
    await removeQuietly(written);
    uploadsInProgress.delete(key);
  };
  return {
    ok: true,
    receiver: {
      async write(bytes) {
        size += bytes.length;
        if (size > limit) throw new VideoRefused("videoTooLarge");
        reader.push(bytes);
        if (pass.write(bytes)) return;
        // The store stopped reading before the end: its error is the upload's.
        await Promise.race([once(pass, "drain"), stored.then(() => Promise.reject(new Error("the store ended before the file")))]).catch((error: unknown) => {
          console.error("upload: could not store the video", error);
          throw new VideoRefused("storageFailed");
        });
      },
      abort: remove,
      async finish(poster) {
        try {
          pass.end();
          await stored;
        } catch (error) {
          console.error("upload: could not store the video", error);
          await remove();
          return { ok: false, error: "storageFailed" };
        }
        const seconds = reader.seconds();
        // Whole seconds, as a phone shows them: a 60.02 s clip is a one-minute clip.
        const error = seconds === null ? "videoDurationUnknown" : Math.round(seconds) > MAX_GUEST_VIDEO_SECONDS ? "videoTooLong" : null;
        if (error) {
          await remove();
          return { ok: false, error };
        }
        try {
          const image = poster ? await processImage(poster) : null;
          const thumb = image?.ok ? { key: thumbnailKey(key, IMAGE_EXTENSIONS[image.format]), image } : null;
          if (thumb) {
            uploadsInProgress.add(thumb.key);
            written.push(thumb.key);
            await storage().put(thumb.key, thumb.image.thumb.data, `image/${thumb.image.format}`);
          }
          const url = pending ? (k: string) => `/uploads/${k}` : (k: string) => storage().url(k);
          const row = {
            section_id: sectionId,
            type: "VIDEO" as const,
            status: pending ? ("pending" as const) : ("published" as const),
            published_at: pending ? null : new Date().toISOString(),
            uploader_name: uploader.name,
            file_path: key,
            public_url: url(key),
            thumbnail_path: thumb?.key ?? null,
            thumbnail_url: thumb ? url(thumb.key) : null,
            name: displayName(name),
            size,
            width: thumb?.image.web.width ?? null,
            height: thumb?.image.web.height ?? null,
            table_id: tableId,
          };
          const inserted = await db()
            .transaction()
            .execute(async (trx) => {
              const refusedNow = await uploadRefusal(trx, sectionId);
              if (refusedNow.error) return { ok: false as const, error: refusedNow.error };
              if (pending && (await pendingPhotosFull(row.size, trx))) return { ok: false as const, error: "galleryFull" as const };
              const { id } = await trx.insertInto("media").values(row).returning("id").executeTakeFirstOrThrow();
              return { ok: true as const, id };
            });
          if (!inserted.ok) {
            await remove();
            return inserted;
          }
          return { ok: true, media: toMedia({ id: inserted.id, ...row }), pending };
        } catch (error) {
          console.error("upload: could not store the video", error);
          await remove();
          return { ok: false, error: "storageFailed" };
        } finally {
          for (const k of written) uploadsInProgress.delete(k);
        }
      },
    },
  };
}
