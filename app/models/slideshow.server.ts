import { sql } from "kysely";
import { db } from "~/infra/db.server";
import { publishedMedia } from "./gallery.server";
import type { PublicWish } from "~/lib/wishes";
import { listPublishedWishes } from "./wishes.server";

/** One photo on the reception's screen. */
export interface SlideshowPhoto {
  id: number;
  url: string;
  width: number | null;
  height: number | null;
  /** A guest's video plays muted, to its end or VIDEO_SLIDE_MAX_SECONDS. */
  type: "IMAGE" | "VIDEO";
  /** 'Tu nombre' on the upload form: the caption, when given. */
  uploader_name: string | null;
  published_at: string;
}

/** Most photos one screen cycles through: far more than a wedding's, and a bound on each answer. */
export const MAX_SLIDESHOW_PHOTOS = 2000;

/** Which photos a screen shows: every active section's, one section's, or those uploaded from one table's card page. */
export interface SlideshowFilter {
  sectionId?: number;
  tableId?: number;
}

/**
 * The public photos the slideshow shows, newest published first (an approved photo counts from
 * its approval): the gallery's public photos (publishedMedia, the one rule for what is public) of
 * the active sections, or of one, or of one table.
 */
export async function slideshowPhotos({ sectionId, tableId }: SlideshowFilter = {}): Promise<SlideshowPhoto[]> {
  // Rows stored before anything set published_at count from their upload.
  const publishedAt = sql<string>`coalesce(media.published_at, media.created_at)`;
  let query = publishedMedia()
    .select([
      "media.id as id",
      "media.public_url as url",
      "media.width as width",
      "media.height as height",
      "media.type as type",
      "media.uploader_name as uploader_name",
    ])
    .select(publishedAt.as("published_at"));
  if (sectionId !== undefined) query = query.where("media.section_id", "=", sectionId);
  if (tableId !== undefined) query = query.where("media.table_id", "=", tableId);
  return query.orderBy(publishedAt, "desc").orderBy("media.id", "desc").limit(MAX_SLIDESHOW_PHOTOS).execute();
}

/** Whether `id` is an active section (the only ones a slideshow may show). */
export async function isActiveSection(id: number): Promise<boolean> {
  const row = await db().selectFrom("gallery_sections").select("id").where("id", "=", id).where("is_active", "=", 1).executeTakeFirst();
  return row !== undefined;
}

export interface SlideshowFeed {
  photos: SlideshowPhoto[];
  wishes: PublicWish[];
}

/** Everything a screen shows: the photos and the published wishes. */
export async function slideshowFeed(filter: SlideshowFilter = {}): Promise<SlideshowFeed> {
  const [photos, wishes] = await Promise.all([slideshowPhotos(filter), listPublishedWishes()]);
  return { photos, wishes };
}
