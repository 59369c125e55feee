/**
 * Saving the couple's content ('Contenido'), its history and restoring: `saveContentSection(section,
 * value)` a new version (already parsed); `contentHistory()` the last saves;
 * `restoreContentVersion(id)` saves an old version again; `saveContentPicture()` an uploaded
 * picture (app/lib/content-pictures.ts) as a new version. Each returns only after this worker
 * shows the change (content-live.server.ts).
 */
import { db } from "~/infra/db.server";
import { isContentSection, type ContentSection, type SiteContent } from "~/lib/content-schemas";
import { withPicture, type PictureTarget } from "~/lib/content-pictures";
import { currentContent, parseStored, refresh } from "./content-live.server";

/** 'Historial' lists this many saves. */
export const HISTORY_LENGTH = 30;

/** Saves a sub-section's value (already parsed by its schema); live on this worker when it returns. */
export async function saveContentSection<S extends ContentSection>(section: S, value: SiteContent[S]): Promise<void> {
  await db()
    .insertInto("content_versions")
    .values({ section, data: JSON.stringify(value), saved_at: new Date().toISOString() })
    .execute();
  await refresh();
}

/** An uploaded picture (app/models/content-media.server.ts) saved as a new version of its sub-section. */
export async function saveContentPicture(target: PictureTarget, src: string): Promise<void> {
  const content = await currentContent();
  await saveContentSection(target.section, withPicture(content, target, src) as SiteContent[typeof target.section]);
}

/** Whether the live content shows this address (an uploaded picture is served only then). */
export async function contentShowsPicture(src: string): Promise<boolean> {
  const { story, info, couple } = await currentContent();
  return (
    story.moments.some((m) => m.images?.includes(src)) ||
    info.cards.some((c) => c.image === src) ||
    couple.ceremonyImage === src ||
    couple.receptionImage === src
  );
}

/** Every stored version's data (the boot sweep keeps the files any of them names, so 'Restaurar' brings a picture back). */
export async function allContentVersions(): Promise<string[]> {
  const rows = await db().selectFrom("content_versions").select("data").execute();
  return rows.map((r) => r.data);
}

export interface ContentSave {
  id: number;
  section: string;
  savedAt: string;
}

/** The last saves, newest first. */
export async function contentHistory(limit = HISTORY_LENGTH): Promise<ContentSave[]> {
  const rows = await db().selectFrom("content_versions").select(["id", "section", "saved_at"]).orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({ id: Number(r.id), section: r.section, savedAt: r.saved_at }));
}

/** Brings an old save back as a new one. */
export async function restoreContentVersion(id: number): Promise<{ ok: true; section: ContentSection } | { ok: false; error: "notFound" }> {
  const row = await db().selectFrom("content_versions").select(["section", "data"]).where("id", "=", id).executeTakeFirst();
  if (!row || !isContentSection(row.section)) return { ok: false, error: "notFound" };
  const value = parseStored(row.section, row.data);
  if (!value) return { ok: false, error: "notFound" };
  await saveContentSection(row.section, value as SiteContent[typeof row.section]);
  return { ok: true, section: row.section };
}
