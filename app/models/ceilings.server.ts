import type { Kysely } from "kysely";
import { config } from "~/infra/config.server";
import { db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import { diskLow, freeDiskBytes } from "~/infra/disk-space.server";

/**
 * Site-wide ceilings (decision 0037): what waits for the couple's review is invisible to everyone
 * else, so without a ceiling one client could fill the disk unnoticed. The counts are the
 * database's (every worker and every instance on one PostgreSQL sees the same rows; the
 * (status, …) indexes keep them cheap). They are read before a photo or wish is accepted and
 * again in its insert's transaction; concurrent uploads that each read the count before the
 * other's insert may both pass, so the ceiling can be overshot by at most the uploads in flight
 * at that moment (a few photos), never by a flood.
 */

const MB = 1024 * 1024;

/** How many photos wait for review, and their stored bytes (the web copies; thumbnails add a few per cent). */
export async function pendingPhotoTotals(executor: Kysely<Database> = db()): Promise<{ count: number; bytes: number }> {
  const row = await executor
    .selectFrom("media")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number | string | null>("size").as("bytes")])
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
}

/** Whether one more pending photo of `incoming` bytes would pass PENDING_PHOTOS_MAX or PENDING_PHOTOS_MAX_MB. */
export async function pendingPhotosFull(incoming: number, executor: Kysely<Database> = db()): Promise<boolean> {
  const { PENDING_PHOTOS_MAX, PENDING_PHOTOS_MAX_MB } = config();
  const { count, bytes } = await pendingPhotoTotals(executor);
  return count + 1 > PENDING_PHOTOS_MAX || bytes + incoming > PENDING_PHOTOS_MAX_MB * MB;
}

/**
 * Whether a photo of `incoming` bytes is refused for the site's sake ('La galería no acepta más
 * fotos por ahora'): the uploads' disk would fall under MIN_FREE_DISK_MB (any photo, the admin's
 * too: the disk is everyone's), or the photo would wait for review past the pending ceiling (the
 * admin's own photos are published at once and never count).
 */
export async function photoRefused(pending: boolean, incoming: number, executor: Kysely<Database> = db()): Promise<boolean> {
  if (await diskLow(incoming)) return true;
  return pending && (await pendingPhotosFull(incoming, executor));
}

/** How many wishes wait for review. */
export async function pendingWishCount(executor: Kysely<Database> = db()): Promise<number> {
  const { n } = await executor
    .selectFrom("wishes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Whether one more pending wish would pass PENDING_WISHES_MAX. */
export async function pendingWishesFull(executor: Kysely<Database> = db()): Promise<boolean> {
  return (await pendingWishCount(executor)) + 1 > config().PENDING_WISHES_MAX;
}

/** What the admin's 'Por revisar' warns about: the pending photos at their ceiling, or the disk low. */
export interface UploadCeilings {
  photosFull: boolean;
  diskLow: boolean;
  /** Free megabytes on the uploads' disk (null: unknown). */
  freeDiskMb: number | null;
}

export async function uploadCeilings(): Promise<UploadCeilings> {
  const [photosFull, low, free] = await Promise.all([pendingPhotosFull(0), diskLow(), freeDiskBytes()]);
  return { photosFull, diskLow: low, freeDiskMb: free === null ? null : Math.floor(free / MB) };
}
