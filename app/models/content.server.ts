/**
 * The couple's content ('Contenido', issue 23): every text, date and place the couple edits, in
 * Spanish and English, versioned. The API the rest of the app (and each sub-section's editor) uses:
 *
 * - Sub-sections: `CONTENT_SECTIONS` / `contentSchemas` in app/lib/content-schemas.ts (one zod
 *   schema each; the form's fields are parsed with it, and so is every stored version). A new
 *   sub-section (gifts, faq, media keys…) adds its key, schema and default there and in
 *   `defaultContent()` below; nothing else here changes.
 * - Storage: table `content_versions` (id, section, data JSON, saved_at). Each save is a new row;
 *   the live content is the latest row of each sub-section, else its default (today's content:
 *   app/content/*.ts and the couple's texts in app/locales/{es,en}/*.json).
 * - `currentContent()`: the live content, read from the database once per change, not per
 *   request: a worker asks for the revision (count and newest id, one indexed query) at most every
 *   CHECK_EVERY_MS, or at once after `contentMayHaveChanged()` (server/main.mjs calls it when any
 *   worker of the cluster wrote). `contentSnapshot()` is the same without the check (sync).
 * - `saveContentSection(section, value)`: a new version (already parsed); `contentHistory()` the
 *   last saves; `restoreContentVersion(id)` saves an old version again; `saveContentPicture()` an
 *   uploaded picture (app/lib/content-pictures.ts) as a new version; `importContent()` all or
 *   nothing. Each returns only after this worker shows the change.
 * - `onContentChange(listener)`: told when the live content changed (the guest-page templates,
 *   the i18n instances and the page cache start again).
 * - What pages read: `contentResources()` (the i18n texts with the couple's over the defaults:
 *   header, footer, home page, calendar), `homeFacts()` (lists, times, places, prices), and
 *   `weddingDates()` (the wedding and the deadline; WEDDING_DATE / RSVP_DEADLINE win when set).
 */
import {
  accommodation as defaultAccommodation,
  couple as defaultCouple,
  media as coupleMedia,
  INFO_CARD_IDS,
  moments as defaultMoments,
  quotes as defaultQuotes,
  schedule,
  venue,
} from "~/content/wedding";
import { db } from "~/infra/db.server";
import {
  contentSchemas,
  faqSchema,
  giftsSchema,
  inLanguage,
  isContentSection,
  type ContentSection,
  type SiteContent,
  type TextPair,
} from "~/lib/content-schemas";
import { cardImage, eventImage, momentImages, withPicture, type PictureTarget } from "~/lib/content-pictures";
import { DEFAULT_RSVP_DEADLINE, DEFAULT_WEDDING_DATE, SUPPORTED_LANGUAGES } from "~/lib/constants";
import { atVenueTime, WEDDING_TIME_ZONE } from "~/lib/venue-time";
import { dateTimeFormat } from "~/lib/format";
import type { WeddingEvent } from "~/lib/calendar";
import { resources as baseResources } from "~/locales";
import { config } from "~/infra/config.server";
import { setTextSource } from "~/infra/i18n.server";

/** How stale a worker's content may be when nothing told it of a change (another instance's save). */
export const CHECK_EVERY_MS = 2000;
/** 'Historial' lists this many saves. */
export const HISTORY_LENGTH = 30;

type Resources = typeof baseResources;
const es = baseResources.es;
const en = baseResources.en;
const pair = (esText: string | undefined, enText: string | undefined): TextPair => ({ es: esText ?? "", en: enText && enText !== esText ? enText : "" });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const entry = (bundle: any, ...path: string[]): string | undefined => path.reduce((node, key) => node?.[key], bundle);

/** "2026-01-17T16:00:00-05:00" → "2026-01-17T16:00", the wall clock at the venue (a datetime-local field's value). */
export function toVenueLocal(iso: string): string {
  const parts = dateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: WEDDING_TIME_ZONE,
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/** "2031-01-17T16:00" at the venue → the instant as ISO 8601. */
export function fromVenueLocal(local: string): string {
  const [date, time] = local.split("T");
  const [year, month, day] = date.split("-").map(Number);
  return atVenueTime({ year, month, day }, time).toISOString();
}

/** Today's content: what the site showed before the editor existed, and what a new site shows. */
export function defaultContent(): SiteContent {
  const text = (...path: string[]) => pair(entry(es, ...path), entry(en, ...path));
  return {
    couple: {
      names: defaultCouple.names,
      weddingDate: toVenueLocal(DEFAULT_WEDDING_DATE),
      rsvpDeadline: toVenueLocal(DEFAULT_RSVP_DEADLINE),
      venue: text("home", "location", "venue"),
      city: text("home", "location", "city"),
      latitude: venue.latitude,
      longitude: venue.longitude,
      ceremonyStart: schedule.ceremony.start,
      ceremonyEnd: schedule.ceremony.end,
      ceremonyDescription: text("home", "location", "ceremonyDescription"),
      receptionStart: schedule.reception.start,
      receptionEnd: schedule.reception.end,
      receptionDescription: text("home", "location", "receptionDescription"),
    },
    story: {
      moments: defaultMoments.map((m) => ({
        title: pair(entry(es, "home", "story", m.id, "title") ?? m.title, entry(en, "home", "story", m.id, "title")),
        description: text("home", "story", m.id, "description"),
      })),
    },
    info: {
      cards: INFO_CARD_IDS.map((id) => ({
        title: text("home", "info", id, "title"),
        subtitle: text("home", "info", id, "subtitle"),
        description: text("home", "info", id, "description"),
      })),
    },
    accommodation: {
      currency: defaultAccommodation.currency,
      apartments: defaultAccommodation.apartments.map((a) => ({
        name: text("home", "accommodation", a.id, "name"),
        beds: text("home", "accommodation", a.id, "beds"),
        firstNight: a.firstNight,
        extraNight: a.extraNight,
      })),
      checkIn: defaultAccommodation.checkIn,
      checkOut: defaultAccommodation.checkOut,
      contactName: defaultAccommodation.contact.name,
      contactPhone: defaultAccommodation.contact.phone,
      contactEmail: defaultAccommodation.contact.email,
      importantNote: text("home", "accommodation", "importantNote"),
      availabilityNote: text("home", "accommodation", "availabilityNote"),
    },
    quotes: {
      quotes: defaultQuotes.map((q) => ({
        text: text("home", "quotes", q.id, "text"),
        author: pair(q.author, entry(en, "home", "quotes", q.id, "author") ?? q.author),
      })),
    },
    // Today's site shows no gift options and no questions.
    gifts: giftsSchema.parse({}),
    faq: faqSchema.parse({}),
  };
}

// ---------------------------------------------------------------------------------------------
// The live content of this worker, and how it learns of a change.

interface Live {
  /** The database it was read from (tests open a new one per test). */
  database: ReturnType<typeof db> | null;
  /** Rows and newest id: both change with any save, on any instance (ids of a PostgreSQL sequence may commit out of order). */
  revision: string;
  /** Whether any sub-section was ever saved. */
  saved: boolean;
  content: SiteContent;
  resources: Resources;
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
function parseStored(section: ContentSection, data: string) {
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
  return { database: db(), revision, saved: latest.length > 0, content: site, resources: resourcesWith(site) };
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

async function refresh(): Promise<Live> {
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
      live ??= { database: null, revision: "", saved: false, content: defaultContent(), resources: contentResources() };
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
  return live?.content ?? defaultContent();
}

/** The app's texts with the couple's over the defaults (sync: as last read; pageTexts reads first). */
export function contentResources(): Resources {
  return live?.resources ?? (defaultResources ??= resourcesWith(defaultContent()));
}
let defaultResources: Resources | undefined;

/** The revision this worker shows (i18n instances are made once per revision). */
export function contentRevision(): string {
  return live?.revision ?? "";
}

// The server's i18next (app/infra/i18n.server.ts) shows the couple's texts: it reads them from here.
setTextSource({ refresh: currentContent, resources: contentResources, revision: contentRevision });

/** Whether the site still shows the demo couple: nothing saved yet, or the demo's names. */
export async function showsDemoContent(): Promise<boolean> {
  const current = await fresh();
  return !current.saved || current.content.couple.names === defaultCouple.names;
}

// ---------------------------------------------------------------------------------------------
// Saving, history, restoring.

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

// ---------------------------------------------------------------------------------------------
// Dates: the environment wins.

const fromEnvironment = (name: "WEDDING_DATE" | "RSVP_DEADLINE") => config()[name];

export interface WeddingDates {
  /** ISO 8601 instants. */
  weddingDate: string;
  rsvpDeadline: string;
  /** The variable that sets each, when the environment does (the form shows it read-only). */
  setBy: { weddingDate?: "WEDDING_DATE"; rsvpDeadline?: "RSVP_DEADLINE" };
}

export function datesOf(couple: SiteContent["couple"]): WeddingDates {
  const envWedding = fromEnvironment("WEDDING_DATE");
  const envDeadline = fromEnvironment("RSVP_DEADLINE");
  const { weddingDate, rsvpDeadline } = couple;
  return {
    weddingDate: envWedding ?? (weddingDate ? fromVenueLocal(weddingDate) : DEFAULT_WEDDING_DATE),
    rsvpDeadline: envDeadline ?? (rsvpDeadline ? fromVenueLocal(rsvpDeadline) : DEFAULT_RSVP_DEADLINE),
    setBy: { ...(envWedding ? { weddingDate: "WEDDING_DATE" as const } : {}), ...(envDeadline ? { rsvpDeadline: "RSVP_DEADLINE" as const } : {}) },
  };
}

/** The wedding's date and the RSVP deadline the site follows now. */
export async function weddingDates(): Promise<WeddingDates> {
  return datesOf((await currentContent()).couple);
}

/**
 * The dates rule of 'Pareja y fechas': a deadline after the wedding, or a wedding in the past, is
 * refused (a wedding date already saved may stay, so names can still be edited after the day).
 * Fields the environment sets are not the admin's: the stored value is kept as it was.
 */
export function checkDates(
  value: SiteContent["couple"],
  previous: SiteContent["couple"],
  now = new Date(),
): { ok: true; value: SiteContent["couple"] } | { ok: false; errors: Record<string, string[]> } {
  const next = { ...value };
  const env = datesOf(previous).setBy;
  if (env.weddingDate || !next.weddingDate) next.weddingDate = previous.weddingDate;
  if (env.rsvpDeadline || !next.rsvpDeadline) next.rsvpDeadline = previous.rsvpDeadline;
  const dates = datesOf(next);
  const errors: Record<string, string[]> = {};
  if (!env.weddingDate && next.weddingDate !== previous.weddingDate && Date.parse(dates.weddingDate) <= now.getTime()) {
    errors.weddingDate = ["content:errors.weddingPast"];
  }
  if (Date.parse(dates.rsvpDeadline) > Date.parse(dates.weddingDate))
    errors[env.rsvpDeadline ? "weddingDate" : "rsvpDeadline"] = ["content:errors.deadlineAfterWedding"];
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: next };
}

// ---------------------------------------------------------------------------------------------
// What pages read.

const momentId = (i: number) => defaultMoments[i]?.id ?? `moment${i}`;
// Keys of the texts in i18n's resources: today's ids first (the page's element ids stay), then numbered.
const apartmentId = (i: number) => defaultAccommodation.apartments[i]?.id ?? `apartment${i}`;
const quoteId = (i: number) => defaultQuotes[i]?.id ?? `quote${i}`;

/** The couple's texts over the app's, per language (English left empty shows Spanish). */
function resourcesWith(content: SiteContent): Resources {
  // Only the namespaces holding the couple's texts are copied; the others are the app's own objects.
  const result = { ...baseResources } as Resources;
  for (const lng of SUPPORTED_LANGUAGES) {
    const own = baseResources[lng];
    (result as Record<string, unknown>)[lng] = { ...own, ...structuredClone({ common: own.common, footer: own.footer, home: own.home }) };
    const r = result[lng] as unknown as Record<string, Record<string, unknown>>;
    const t = (p: TextPair) => inLanguage(p, lng);
    const { couple, story, info, accommodation, quotes } = content;
    const home = r.home as Record<string, Record<string, unknown>>;
    r.common.coupleNames = couple.names;
    (r.common.calendar as Record<string, string>).eventLocation = `${t(couple.venue)}, ${t(couple.city)}`;
    r.footer.weddingDate = `{{date}} · ${t(couple.city)}`;
    home.hero.place = t(couple.city);
    Object.assign(home.location, {
      venue: t(couple.venue),
      city: t(couple.city),
      ceremonyDescription: t(couple.ceremonyDescription),
      receptionDescription: t(couple.receptionDescription),
    });
    story.moments.forEach((m, i) => {
      home.story[momentId(i)] = { title: t(m.title), description: t(m.description) };
    });
    info.cards.forEach((c, i) => {
      const id = INFO_CARD_IDS[i];
      home.info[id] = { ...(home.info[id] as object), title: t(c.title), subtitle: t(c.subtitle), description: t(c.description) };
    });
    accommodation.apartments.forEach((a, i) => {
      home.accommodation[apartmentId(i)] = { name: t(a.name), beds: t(a.beds) };
    });
    home.accommodation.importantNote = t(accommodation.importantNote);
    home.accommodation.availabilityNote = t(accommodation.availabilityNote);
    quotes.quotes.forEach((q, i) => {
      home.quotes[quoteId(i)] = { text: t(q.text), ...(q.author.es ? { author: t(q.author) } : {}) };
    });
  }
  return result;
}

/** The home page's lists, places, times and prices (its texts are in contentResources). */
export async function homeFacts() {
  const { couple, story, info, accommodation, quotes } = await currentContent();
  return {
    names: couple.names,
    venue: { latitude: couple.latitude, longitude: couple.longitude, zoom: venue.zoom },
    schedule: {
      ceremony: { start: couple.ceremonyStart, end: couple.ceremonyEnd, image: eventImage(couple, "ceremony") },
      reception: { start: couple.receptionStart, end: couple.receptionEnd, image: eventImage(couple, "reception") },
    },
    moments: story.moments.map((_, i) => ({ id: momentId(i), type: defaultMoments[i].type, images: momentImages(story, i) })),
    infoCards: info.cards.map((_, i) => ({ id: INFO_CARD_IDS[i], image: cardImage(info, i) })),
    accommodation: {
      currency: accommodation.currency,
      apartments: accommodation.apartments.map((a, i) => ({ id: apartmentId(i), firstNight: a.firstNight, extraNight: a.extraNight })),
      checkIn: accommodation.checkIn,
      checkOut: accommodation.checkOut,
      contact: { name: accommodation.contactName, phone: accommodation.contactPhone, email: accommodation.contactEmail },
    },
    quotes: quotes.quotes.map((q, i) => ({ id: quoteId(i), author: q.author.es || undefined })),
  };
}
export type HomeFacts = Awaited<ReturnType<typeof homeFacts>>;

/** The calendar event's names and times (app/lib/calendar.ts): the root's data, /wedding.ics. */
export const weddingEventOf = (couple: SiteContent["couple"]): WeddingEvent => ({
  names: couple.names,
  ceremonyStart: couple.ceremonyStart,
  ceremonyEnd: couple.ceremonyEnd,
  receptionEnd: couple.receptionEnd,
});

/** /wedding.ics: the event, the venue's position and the wedding's date. */
export async function calendarFacts() {
  const { couple } = await currentContent();
  return { event: weddingEventOf(couple), venue: { latitude: couple.latitude, longitude: couple.longitude }, weddingDate: datesOf(couple).weddingDate };
}

// ---------------------------------------------------------------------------------------------
// Export and import ('Exportar contenido', 'Importar contenido').

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

export type ContentImport = { ok: true; content: Partial<SiteContent> } | { ok: false; error: "importFile"; section?: string };

/** An export file read back: every sub-section it holds must pass its schema, or none is taken. */
export function readContentExport(text: string): ContentImport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: "importFile" };
  }
  const file = parsed as { format?: unknown; content?: unknown } | null;
  if (!file || file.format !== CONTENT_EXPORT_FORMAT || !file.content || typeof file.content !== "object") return { ok: false, error: "importFile" };
  const content: Partial<Record<ContentSection, unknown>> = {};
  for (const [section, value] of Object.entries(file.content)) {
    if (!isContentSection(section)) continue;
    const checked = contentSchemas[section].safeParse(value);
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
