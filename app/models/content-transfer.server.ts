/**
 * Export and import of the couple's content ('Exportar contenido', 'Importar contenido'):
 * `exportContent()` everything and the media files' list; `readContentExport()` a file read back;
 * `contentChanges()` the import's preview; `importContent()` all or nothing.
 */
import { media as coupleMedia } from "~/content/wedding";
import { db } from "~/infra/db.server";
import { contentSchemas, isContentSection, type ContentSection, type SiteContent } from "~/lib/content-schemas";
import { cardImage, eventImage, momentImages } from "~/lib/content-pictures";
import { checkDates } from "./content-dates.server";
import { withLaterFields } from "./content-defaults.server";
import { currentContent, refresh } from "./content-live.server";

/** What an export file says it is (an import refuses anything else). */
export const CONTENT_EXPORT_FORMAT = "wedding-site-content";
/** An import file is read whole: the largest content is far smaller (every text at its limit is ~200 KB). */
export const MAX_CONTENT_IMPORT_BYTES = 1024 * 1024;

/** The media files the content shows (the pictures stay files: the export lists them, it does not carry them). */
function mediaFiles({ story, info, couple }: SiteContent): string[] {
  const files = new Set<string>(Object.values(coupleMedia));
  story.moments.forEach((_, i) => momentImages(story, i).forEach((image) => files.add(image)));
  info.cards.forEach((_, i) => files.add(cardImage(info, i)));
  files.add(eventImage(couple, "ceremony"));
  files.add(eventImage(couple, "reception"));
  return [...files];
}

/** Everything the couple edited (or today's content where they did not), and the media files' list. */
export async function exportContent() {
  const content = await currentContent();
  return {
    format: CONTENT_EXPORT_FORMAT,
    version: 1,
    exportedAt: new Date().toISOString(),
    content: structuredClone(content),
    media: mediaFiles(content),
  };
}

/**
 * How deeply an import file may nest: an export nests 7 levels (file, content, sub-section, list,
 * row, text pair, text); deeper is no export. Checked before any rule walks the file, so a file of
 * 400,000 nested `[` is refused instead of overflowing the stack of a recursive check.
 */
export const MAX_CONTENT_IMPORT_DEPTH = 16;

/** Whether a parsed value nests deeper than `limit` (walked with a list, not recursion). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

export type ContentImport = { ok: true; content: Partial<SiteContent> } | { ok: false; error: "importFile" | "importTooDeep"; section?: string };

/** An export file read back: every sub-section it holds must pass its schema, or none is taken. */
export function readContentExport(text: string): ContentImport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: "importFile" };
  }
  if (nestsDeeperThan(parsed, MAX_CONTENT_IMPORT_DEPTH)) return { ok: false, error: "importTooDeep" };
  const file = parsed as { format?: unknown; content?: unknown } | null;
  if (!file || file.format !== CONTENT_EXPORT_FORMAT || !file.content || typeof file.content !== "object") return { ok: false, error: "importFile" };
  const content: Partial<Record<ContentSection, unknown>> = {};
  for (const [section, value] of Object.entries(file.content)) {
    if (!isContentSection(section)) continue;
    const checked = contentSchemas[section].safeParse(withLaterFields(section, value));
    if (!checked.success) return { ok: false, error: "importFile", section };
    content[section] = checked.data;
  }
  return { ok: true, content: content as Partial<SiteContent> };
}

/** Paths of the values that differ (`moments[2].title.en`), for the import's preview. */
function differences(before: unknown, after: unknown, path = ""): string[] {
  if (before !== null && after !== null && typeof before === "object" && typeof after === "object") {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) => {
      const next = Array.isArray(after) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      return differences((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], next);
    });
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [path];
}

/** What an import would change, sub-section by sub-section (unchanged ones left out). */
export async function contentChanges(incoming: Partial<SiteContent>): Promise<{ section: ContentSection; fields: string[] }[]> {
  const current = await currentContent();
  return (Object.keys(incoming) as ContentSection[])
    .map((section) => ({ section, fields: differences(current[section], incoming[section]) }))
    .filter((change) => change.fields.length > 0);
}

/**
 * Applies an import all or nothing: every changed sub-section is a new version, in one
 * transaction; the dates rule of 'Pareja y fechas' holds as for a save (refused: nothing changes).
 */
export async function importContent(
  incoming: Partial<SiteContent>,
  now = new Date(),
): Promise<{ ok: true; changed: ContentSection[] } | { ok: false; errors: Record<string, string[]> }> {
  const changes = await contentChanges(incoming);
  const rows: { section: ContentSection; value: unknown }[] = [];
  for (const { section } of changes) {
    let value: unknown = incoming[section];
    if (section === "couple") {
      const checked = checkDates(value as SiteContent["couple"], (await currentContent()).couple, now);
      if (!checked.ok) return { ok: false, errors: checked.errors };
      value = checked.value;
    }
    rows.push({ section, value });
  }
  if (rows.length) {
    const savedAt = new Date().toISOString();
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const row of rows)
          await trx
            .insertInto("content_versions")
            .values({ section: row.section, data: JSON.stringify(row.value), saved_at: savedAt })
            .execute();
      });
    await refresh();
  }
  return { ok: true, changed: rows.map((r) => r.section) };
}
