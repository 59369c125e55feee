/**
 * The live content of this worker ('Contenido'), and how it learns of a change.
 *
 * - Storage: table `content_versions` (id, section, data JSON, saved_at). Each save is a new row;
 *   the live content is the latest row of each sub-section, else its default
 *   (content-defaults.server.ts).
 * - `currentContent()`: the live content, read from the database once per change, not per
 *   request, the way every such value is (app/infra/freshness.server.ts: a revision, here the
 *   count and newest id, one indexed query, asked at most every CHECK_EVERY_MS or at once after a
 *   write anywhere in the cluster). `contentSnapshot()` is the same without the check (sync).
 * - A change seen however (another instance's save included) tells `onFreshChange` listeners.
 */
import { couple as defaultCouple } from "~/content/wedding";
import { db } from "~/infra/db.server";
import { freshValue } from "~/infra/freshness.server";
import { contentSchemas, isContentSection, type ContentSection, type SiteContent } from "~/lib/content-schemas";
import { defaultContent, withLaterFields } from "./content-defaults.server";

interface Live {
  /** Whether any sub-section was ever saved. */
  saved: boolean;
  content: SiteContent;
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
    const parsed = contentSchemas[section].safeParse(withLaterFields(section, JSON.parse(data)));
    if (parsed.success) return parsed.data;
    console.error(`content: a stored version of ${section} does not parse`, parsed.error.issues[0]);
  } catch (error) {
    console.error(`content: a stored version of ${section} is not JSON`, error);
  }
  return null;
}

async function load(): Promise<Live> {
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
  return { saved: latest.length > 0, content: site };
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

// The revision is the rows and the newest id: both change with any save, on any instance (ids of
// a PostgreSQL sequence may commit out of order).
const live = freshValue<Live>({
  async revision() {
    const revision = await revisionNow();
    failing = false;
    return revision;
  },
  read: load,
  failed(error, last) {
    // The database does not answer: pages keep the content last read (today's before any), and
    // the next check tries again. Logged once per outage.
    if (!failing) console.error("content: reading the couple's content failed; showing the last one read", error);
    failing = true;
    return last ?? { saved: false, content: defaultContent() };
  },
});

/** This worker's own save: live here when it returns. */
export function refresh(): Promise<Live> {
  return live.refresh();
}

/** Tests: forget this worker's content (a new database). */
export function forgetContent(): void {
  live.forget();
}

const fresh = (): Promise<Live> => live.current();

/** The live content (read from the database once per change; see the top of this file). */
export async function currentContent(): Promise<SiteContent> {
  return (await fresh()).content;
}

/** The content this worker last read, without asking whether it changed (today's before the first read). */
export function contentSnapshot(): SiteContent {
  return live.last()?.content ?? (defaults ??= deepFreeze(defaultContent()));
}
let defaults: SiteContent | undefined;

/** Whether the site still shows the demo couple: nothing saved yet, or the demo's names. */
export async function showsDemoContent(): Promise<boolean> {
  const current = await fresh();
  return !current.saved || current.content.couple.names === defaultCouple.names;
}
