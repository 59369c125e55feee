import type { Kysely } from "kysely";
import { db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import { storage } from "~/infra/storage.server";
import { removeFiles, STORED_FILE_COLUMNS } from "~/models/gallery.server";

/** A guest's photo waiting for the couple ('Por revisar'): seen by the admin only. */
export interface PendingPhoto {
  id: number;
  section_id: number;
  name: string;
  /** Always the app's /uploads/* address (admin only): a bucket's public address is given at approval. */
  public_url: string;
  thumbnail_url: string | null;
  /** A video is played in 'Por revisar' before it is approved. */
  type: "IMAGE" | "VIDEO";
  uploader_name: string | null;
  created_at: string;
}

/** The pending photos of one section, in upload order. */
export interface PendingSection {
  id: number;
  name: string;
  photos: PendingPhoto[];
}

/** How many photos wait for review ('Por revisar (N)'). */
export async function countPending(): Promise<number> {
  const { n } = await db()
    .selectFrom("media")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Every pending photo, by section (in the gallery's order, inactive sections too), oldest first. */
export async function listPending(): Promise<PendingSection[]> {
  const rows = await db()
    .selectFrom("media")
    .innerJoin("gallery_sections", "gallery_sections.id", "media.section_id")
    .select([
      "media.id",
      "media.section_id",
      "media.name",
      "media.public_url",
      "media.thumbnail_url",
      "media.type",
      "media.uploader_name",
      "media.created_at",
      "gallery_sections.name as section_name",
    ])
    .where("media.status", "=", "pending")
    .orderBy("gallery_sections.order")
    .orderBy("gallery_sections.id")
    .orderBy("media.id")
    .execute();
  const sections = new Map<number, PendingSection>();
  for (const { section_name, ...photo } of rows) {
    let section = sections.get(photo.section_id);
    if (!section) sections.set(photo.section_id, (section = { id: photo.section_id, name: section_name, photos: [] }));
    section.photos.push(photo);
  }
  return [...sections.values()];
}

/** Which pending photos a decision is about: one photo, or all of one section's. */
export type ReviewTarget = { mediaId: number } | { sectionId: number };

function pendingOf(target: ReviewTarget, executor: Kysely<Database> = db()) {
  const query = executor
    .selectFrom("media")
    .select(["id", ...STORED_FILE_COLUMNS])
    .where("status", "=", "pending");
  return "mediaId" in target ? query.where("id", "=", target.mediaId) : query.where("section_id", "=", target.sectionId);
}

/**
 * 'Aprobar' / 'Aprobar todas': the photos become public, published now (the slideshow's "newest
 * first"), their addresses the store's public ones. They keep their ids, so the gallery shows
 * them where they were uploaded. Returns how many were approved (0: nothing pending there).
 */
export async function approvePending(target: ReviewTarget): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const rows = await pendingOf(target, trx).execute();
      const now = new Date().toISOString();
      for (const row of rows)
        await trx
          .updateTable("media")
          .set({
            status: "published",
            published_at: now,
            public_url: storage().url(row.file_path),
            thumbnail_url: row.thumbnail_path ? storage().url(row.thumbnail_path) : null,
          })
          .where("id", "=", row.id)
          .where("status", "=", "pending")
          .execute();
      return rows.length;
    });
}

/**
 * 'Rechazar' / 'Rechazar todas': the rows go, then their stored files (photo and thumbnail, in
 * the folder or the bucket). Returns how many were rejected (0: nothing pending there).
 */
export async function rejectPending(target: ReviewTarget): Promise<number> {
  const rows = await pendingOf(target).execute();
  if (rows.length === 0) return 0;
  // Only rows still pending are removed (an approval may have come in between); their files follow.
  const removed = await db()
    .deleteFrom("media")
    .where(
      "id",
      "in",
      rows.map((r) => r.id),
    )
    .where("status", "=", "pending")
    .returning(["id", ...STORED_FILE_COLUMNS])
    .execute();
  await removeFiles(removed);
  return removed.length;
}
