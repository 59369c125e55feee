import { DEFAULT_SECTION_ALLOW_UPLOAD, DEFAULT_SECTION_IS_ACTIVE, MAX_SECTION_DESCRIPTION_LENGTH, MAX_SECTION_NAME_LENGTH } from "~/lib/constants";
import { bool, db } from "~/infra/db.server";
import type { MediaRow } from "~/infra/db-schema";
import { storage } from "~/infra/storage.server";
import type { Media, Section } from "~/lib/gallery-types";
import { normalizeName } from "~/lib/names";
import { parseVariantKey, variantNames, variantWidthsOf } from "~/lib/thumbnail-variants";
import type { Language } from "~/lib/constants";

export type { Media, Section };

/** The sections a new site starts with (also what POST /api/gallery/seed-sections creates). */
const DEFAULT_SECTIONS = [
  { name: "Preboda", description: "Nuestras fotos antes del gran día", allow_upload: 0, is_active: 1 },
  { name: "Ceremonia", description: "Fotos de la ceremonia", allow_upload: 1, is_active: 1 },
  { name: "Recepción", description: "La fiesta, el brindis y el baile", allow_upload: 1, is_active: 1 },
  { name: "Fotos de los invitados", description: "Comparte tus fotos con nosotros", allow_upload: 1, is_active: 1 },
] as const;

/** The API's media record (docs/api.md) from a stored row (or a row just inserted, with its new id). */
export function toMedia(
  row: Omit<MediaRow, "section_id" | "thumbnail_path" | "created_at" | "status" | "uploader_name" | "published_at" | "table_id" | "variant_widths">,
): Media {
  return {
    id: row.id,
    type: row.type,
    public_url: row.public_url,
    thumbnail_url: row.thumbnail_url,
    name: row.name,
    size: row.size,
    file_path: row.file_path,
    width: row.width,
    height: row.height,
  };
}

/**
 * Sections in display order with their photos (oldest first). Guests see only active
 * sections; the admin passes includeInactive.
 */
export async function listSections({ includeInactive = false, variants = false } = {}): Promise<Section[]> {
  return loadSections({ includeInactive, variants });
}

/** One section with its photos; inactive ones only when includeInactive (null otherwise). */
export async function getSection(id: number, { includeInactive = false } = {}): Promise<Section | null> {
  const [section] = await loadSections({ includeInactive, id });
  return section ?? null;
}

/**
 * The one home of "which photos are public": published ones (a photo waiting for the couple's
 * review is 'pending' and reachable only through the review screen), of active sections unless
 * the admin asks for inactive ones too. Every reader of the gallery's photos starts here: the
 * page, the API's lists, the ZIPs, /uploads/* (storedFileVisibility) and the slideshow (publicMedia).
 */
export function publishedMedia({ includeInactive = false }: { includeInactive?: boolean } = {}) {
  const query = db().selectFrom("media").where("media.status", "=", "published");
  return includeInactive ? query : query.where("media.section_id", "in", (eb) => eb.selectFrom("gallery_sections").select("id").where("is_active", "=", 1));
}

/** Sections (all, or the one with `id`) with their published photos, reading only those sections' media. */
async function loadSections({ includeInactive, id, variants = false }: { includeInactive: boolean; id?: number; variants?: boolean }): Promise<Section[]> {
  let query = db().selectFrom("gallery_sections").selectAll().orderBy("order").orderBy("id");
  if (!includeInactive) query = query.where("is_active", "=", 1);
  if (id !== undefined) query = query.where("id", "=", id);
  const sections = await query.execute();
  if (sections.length === 0) return [];
  // Upload order (id), also for photos approved later: they join the section where they were sent.
  const media = await publishedMedia({ includeInactive: true })
    .selectAll()
    .where(
      "section_id",
      "in",
      sections.map((s) => s.id),
    )
    .orderBy("id")
    .execute();
  const mediaBySection = new Map<number, Media[]>();
  for (const m of media) {
    const list = mediaBySection.get(m.section_id) ?? [];
    // The gallery's page also gets the widths of the thumbnail's AVIF and WebP copies (its <picture>s);
    // the API's records stay as documented.
    const widths = variants && m.type === "IMAGE" && m.thumbnail_url ? variantWidthsOf(m.variant_widths) : [];
    list.push(widths.length ? { ...toMedia(m), variant_widths: widths } : toMedia(m));
    mediaBySection.set(m.section_id, list);
  }
  return sections.map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    order: s.order,
    allow_upload: bool(s.allow_upload),
    is_active: bool(s.is_active),
    // Only when on: a section without review keeps its original record exactly (decision 0033).
    ...(bool(s.review_uploads) ? { review_uploads: true } : {}),
    ...(s.name_en ? { name_en: s.name_en } : {}),
    ...(s.description_en ? { description_en: s.description_en } : {}),
    media: mediaBySection.get(s.id) ?? [],
  }));
}

/**
 * A section as a guest reads it in `language`: on English pages its English name and description,
 * each falling back to the Spanish one when not given; Spanish pages show the Spanish.
 */
export function sectionIn<S extends Pick<Section, "name" | "description" | "name_en" | "description_en">>(section: S, language: Language): S {
  if (language !== "en") return section;
  return { ...section, name: section.name_en ?? section.name, description: section.description_en ?? section.description };
}

/** A public photo as the slideshow shows it: its addresses, size, the uploader's name (a caption) and when it was published. */
export type SectionInputError = "nameRequired" | "nameTooLong" | "descriptionTooLong";

function checkName(name: string | undefined): { ok: true; name: string } | { ok: false; error: SectionInputError } {
  const trimmed = normalizeName(name ?? "");
  if (!trimmed) return { ok: false, error: "nameRequired" };
  if (trimmed.length > MAX_SECTION_NAME_LENGTH) return { ok: false, error: "nameTooLong" };
  return { ok: true, name: trimmed };
}

function checkDescription(description: string | null | undefined): { ok: true; description: string | null } | { ok: false; error: SectionInputError } {
  const trimmed = (description ?? "").trim();
  if (trimmed.length > MAX_SECTION_DESCRIPTION_LENGTH) return { ok: false, error: "descriptionTooLong" };
  return { ok: true, description: trimmed || null };
}

/** An optional English name: empty means "show the Spanish one" (null). */
function checkEnglishName(name: string | null | undefined): { ok: true; name: string | null } | { ok: false; error: SectionInputError } {
  const trimmed = normalizeName(name ?? "");
  if (trimmed.length > MAX_SECTION_NAME_LENGTH) return { ok: false, error: "nameTooLong" };
  return { ok: true, name: trimmed || null };
}

/** Creates a section at the end (order = count + 1); name required after trim. */
export async function createSection(input: {
  name: string;
  description?: string | null;
  name_en?: string | null;
  description_en?: string | null;
  allow_upload?: boolean;
  is_active?: boolean;
  review_uploads?: boolean;
}): Promise<{ ok: true; section: Section } | { ok: false; error: SectionInputError }> {
  const name = checkName(input.name);
  if (!name.ok) return name;
  const description = checkDescription(input.description);
  if (!description.ok) return description;
  const nameEn = checkEnglishName(input.name_en);
  if (!nameEn.ok) return nameEn;
  const descriptionEn = checkDescription(input.description_en);
  if (!descriptionEn.ok) return descriptionEn;
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      const { n } = await trx
        .selectFrom("gallery_sections")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto("gallery_sections")
        .values({
          name: name.name,
          description: description.description,
          name_en: nameEn.name,
          description_en: descriptionEn.description,
          order: Number(n) + 1,
          allow_upload: (input.allow_upload ?? DEFAULT_SECTION_ALLOW_UPLOAD) ? 1 : 0,
          is_active: (input.is_active ?? DEFAULT_SECTION_IS_ACTIVE) ? 1 : 0,
          review_uploads: input.review_uploads ? 1 : 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
  return { ok: true, section: (await getSection(id, { includeInactive: true }))! };
}

/** Partial update: is_active; allow_upload; review_uploads; the names and descriptions. */
export async function updateSection(
  id: number,
  patch: {
    name?: string;
    description?: string | null;
    name_en?: string | null;
    description_en?: string | null;
    allow_upload?: boolean;
    is_active?: boolean;
    review_uploads?: boolean;
  },
): Promise<{ ok: true; section: Section } | { ok: false; error: SectionInputError | "notFound" }> {
  const set: {
    name?: string;
    description?: string | null;
    name_en?: string | null;
    description_en?: string | null;
    allow_upload?: 0 | 1;
    is_active?: 0 | 1;
    review_uploads?: 0 | 1;
  } = {};
  if (patch.name_en !== undefined) {
    const nameEn = checkEnglishName(patch.name_en);
    if (!nameEn.ok) return nameEn;
    set.name_en = nameEn.name;
  }
  if (patch.description_en !== undefined) {
    const descriptionEn = checkDescription(patch.description_en);
    if (!descriptionEn.ok) return descriptionEn;
    set.description_en = descriptionEn.description;
  }
  if (patch.name !== undefined) {
    const name = checkName(patch.name);
    if (!name.ok) return name;
    set.name = name.name;
  }
  if (patch.description !== undefined) {
    const description = checkDescription(patch.description);
    if (!description.ok) return description;
    set.description = description.description;
  }
  if (patch.allow_upload !== undefined) set.allow_upload = patch.allow_upload ? 1 : 0;
  if (patch.is_active !== undefined) set.is_active = patch.is_active ? 1 : 0;
  if (patch.review_uploads !== undefined) set.review_uploads = patch.review_uploads ? 1 : 0;
  const exists = await db().selectFrom("gallery_sections").select("id").where("id", "=", id).executeTakeFirst();
  if (!exists) return { ok: false, error: "notFound" };
  // Any change the couple makes makes a demo section theirs: 'Quitar los datos de ejemplo' leaves it.
  if (Object.keys(set).length > 0)
    await db()
      .updateTable("gallery_sections")
      .set({ ...set, is_demo: 0 })
      .where("id", "=", id)
      .execute();
  return { ok: true, section: (await getSection(id, { includeInactive: true }))! };
}

/** What a photo row's files are read from: the photo, its thumbnail and the thumbnail's variants. */
export type StoredFilesRow = { file_path: string; thumbnail_path: string | null; variant_widths: string | null };
/** The columns that name a row's stored files (StoredFilesRow). */
export const STORED_FILE_COLUMNS = ["file_path", "thumbnail_path", "variant_widths"] as const;

/** Every stored key a row names: the photo, its thumbnail and the thumbnail's AVIF and WebP copies. */
export function storedKeysOf(row: StoredFilesRow): string[] {
  return [row.file_path, row.thumbnail_path, ...variantNames(row.thumbnail_path, row.variant_widths)].filter((k): k is string => Boolean(k));
}

/**
 * Removes the stored files of photos (after their rows are gone), the thumbnails' variants with
 * them, except a file some remaining row still names (rows recorded before file paths were unique
 * may share one). Missing files are fine.
 */
export async function removeFiles(rows: StoredFilesRow[]) {
  for (const key of rows.flatMap(storedKeysOf)) {
    const stillNamed = await db()
      .selectFrom("media")
      .select("id")
      .where((eb) => eb.or([eb("file_path", "=", key), eb("thumbnail_path", "=", key)]))
      .executeTakeFirst();
    if (!stillNamed) await storage().remove(key);
  }
}

/** Deletes a section, its photo rows and their files. False when it did not exist. */
export async function deleteSection(id: number): Promise<boolean> {
  const media = await db().selectFrom("media").select(STORED_FILE_COLUMNS).where("section_id", "=", id).execute();
  const result = await db().deleteFrom("gallery_sections").where("id", "=", id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  // Rows go first (cascade): a crash between the two leaves orphan files, never rows without files.
  await removeFiles(media);
  return true;
}

/** Deletes one photo and its files (moderation). False when it did not exist. */
export async function deleteMedia(id: number): Promise<boolean> {
  const row = await db().selectFrom("media").select(STORED_FILE_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  await db().deleteFrom("media").where("id", "=", id).execute();
  await removeFiles([row]);
  return true;
}

/**
 * Creates the default sections when there are none; idempotent. Returns how many were created.
 * `demo`: the first start's demo data (marked, so the admin can remove them); the API's request
 * for the default sections makes them the couple's own.
 */
export async function seedDefaultSections({ demo = false }: { demo?: boolean } = {}): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const existing = await trx
        .selectFrom("gallery_sections")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(existing.n) > 0) return 0;
      await trx
        .insertInto("gallery_sections")
        .values(DEFAULT_SECTIONS.map((s, i) => ({ ...s, order: i + 1, is_demo: demo ? 1 : 0 })))
        .execute();
      return DEFAULT_SECTIONS.length;
    });
}

/**
 * Who may see a stored file: null when no photo row names it (orphans and made-up keys are
 * never served); otherwise whether guests may (a published photo of an active section). The
 * admin sees every file a row names, pending ones included. With it, the photo's recorded size
 * (a thumbnail's is not recorded), so a byte range is one read of the store.
 */
export async function storedFileVisibility(key: string): Promise<{ public: boolean; size?: number } | null> {
  const row = await db()
    .selectFrom("media")
    .select(["id", "file_path", "size"])
    .where((eb) => eb.or([eb("media.file_path", "=", key), eb("media.thumbnail_path", "=", key)]))
    .executeTakeFirst();
  if (!row) return variantVisibility(key);
  const visible = await publishedMedia().select("id").where("id", "=", row.id).executeTakeFirst();
  const size = row.file_path === key && row.size ? Number(row.size) : undefined;
  return { public: Boolean(visible), ...(size ? { size } : {}) };
}

/**
 * A thumbnail's AVIF or WebP copy is seen by whoever sees its photo: the row whose thumbnail it
 * was made from (the same name before "-thumb") and that records its width. Null otherwise.
 */
async function variantVisibility(key: string): Promise<{ public: boolean } | null> {
  const variant = parseVariantKey(key);
  if (!variant) return null;
  const thumbnails = ["jpg", "png", "webp"].map((ext) => `${variant.base}-thumb.${ext}`);
  const row = await db().selectFrom("media").select(["id", "variant_widths"]).where("thumbnail_path", "in", thumbnails).executeTakeFirst();
  if (!row || !variantWidthsOf(row.variant_widths).includes(variant.width)) return null;
  const visible = await publishedMedia().select("id").where("id", "=", row.id).executeTakeFirst();
  return { public: Boolean(visible) };
}

/** Every stored key a media row names (photo, thumbnail and the thumbnail's variants). */
export async function namedStoredKeys(): Promise<Set<string>> {
  const rows = await db().selectFrom("media").select(STORED_FILE_COLUMNS).execute();
  return new Set(rows.flatMap(storedKeysOf));
}
