/**
 * The live content of this worker ('Contenido'), and how it learns of a change.
 *
 * - Storage: table `content_versions` (id, section, data JSON, saved_at). Each save is a new row;
 *   the live content is the latest row of each sub-section, else its default
 *   (content-defaults.server.ts).
 * - `currentContent()`: the live content, read from the database once per change, not per
 *   request: a worker asks for the revision (count and newest id, one indexed query) at most every
 *   CHECK_EVERY_MS, or at once after `contentMayHaveChanged()` (server/main.mjs calls it when any
 *   worker of the cluster wrote). `contentSnapshot()` is the same without the check (sync).
 * - `onContentChange(listener)`: told when the live content changed (the guest-page templates,
 *   the i18n instances and the page cache start again).
 */
import { couple as defaultCouple } from "~/content/wedding";
import { db } from "~/infra/db.server";
import { contentSchemas, isContentSection, type ContentSection, type SiteContent } from "~/lib/content-schemas";
import { defaultContent } from "./content-defaults.server";

/** How stale a worker's content may be when nothing told it of a change (another instance's save). */
export const CHECK_EVERY_MS = 2000;

interface Live {
  /** The database it was read from (tests open a new one per test). */
  database: ReturnType<typeof db> | null;
  /** Rows and newest id: both change with any save, on any instance (ids of a PostgreSQL sequence may commit out of order). */
  revision: string;
  /** Whether any sub-section was ever saved. */
  saved: boolean;
  content: SiteContent;
}

let live: Live | null = null;
let checkedAt = 0;
let checking: Promise<Live> | null = null;
const listeners = new Set<() => void>();

/** Told each time this worker's live content changes (not at the first load). Returns the unsubscribe. */
export function onContentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Another worker of this instance wrote something: the next read asks the database at once. */
export function contentMayHaveChanged(): void {
  checkedAt = 0;
}

/** Tests: forget this worker's content (a new database). */
export function forgetContent(): void {
  live = null;
  checkedAt = 0;
  checking = null;
}

async function revisionNow(): Promise<string> {
  const row = await db()
    .selectFrom("content_versions")
    .select((eb) => [eb.fn.countAll<number | string>().as("rows"), eb.fn.max("id").as("newest")])
    .executeTakeFirst();
  return `${row?.rows ?? 0}:${row?.newest ?? 0}`;
}

/** A stored version as its schema reads it, or null (a version no schema accepts is skipped, and logged). */
export function parseStored(section: ContentSection, data: string) {
  try {
    const parsed = contentSchemas[section].safeParse(JSON.parse(data));
    if (parsed.success) return parsed.data;
    console.error(`content: a stored version of ${section} does not parse`, parsed.error.issues[0]);
  } catch (error) {
    console.error(`content: a stored version of ${section} is not JSON`, error);
  }
  return null;
}

async function load(revision: string): Promise<Live> {
  const latest = await db()
    .selectFrom("content_versions")
    .select(["section", "data"])
    .where("id", "in", (eb) =>
      eb
        .selectFrom("content_versions")
        .select((e) => e.fn.max("id").as("id"))
        .groupBy("section"),
    )
    .execute();
  const content = defaultContent() as unknown as Record<ContentSection, unknown>;
  for (const row of latest) {
    if (!isContentSection(row.section)) continue;
    const value = parseStored(row.section, row.data);
    if (value) content[row.section] = value;
  }
  const site = deepFreeze(content as unknown as SiteContent);
  return { database: db(), revision, saved: latest.length > 0, content: site };
}

let failing = false;

/** The live content is shared by every request of the worker: frozen, so no caller can change it for the others. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export async function refresh(): Promise<Live> {
  checking ??= (async () => {
    try {
      const revision = await revisionNow();
      if (!live || live.revision !== revision || live.database !== db()) {
        const first = live === null;
        live = await load(revision);
        if (!first) for (const listener of listeners) listener();
      }
      failing = false;
    } catch (error) {
      // The database does not answer: pages keep the content last read (today's before any), and
      // the next check tries again. Logged once per outage.
      if (!failing) console.error("content: reading the couple's content failed; showing the last one read", error);
      failing = true;
      live ??= { database: null, revision: "", saved: false, content: defaultContent() };
    } finally {
      checking = null;
    }
    checkedAt = Date.now();
    return live;
  })();
  return checking;
}

async function fresh(): Promise<Live> {
  if (live && live.database === db() && Date.now() - checkedAt < CHECK_EVERY_MS) return live;
  return refresh();
}

/** The live content (read from the database once per change; see the top of this file). */
export async function currentContent(): Promise<SiteContent> {
  return (await fresh()).content;
}

/** The content this worker last read, without asking whether it changed (today's before the first read). */
export function contentSnapshot(): SiteContent {
  return live?.content ?? (defaults ??= deepFreeze(defaultContent()));
}
let defaults: SiteContent | undefined;

/** The app's texts with the couple's over the defaults (sync: as last read; pageTexts reads first). */
/** Whether the site still shows the demo couple: nothing saved yet, or the demo's names. */
export async function showsDemoContent(): Promise<boolean> {
  const current = await fresh();
  return !current.saved || current.content.couple.names === defaultCouple.names;
}
