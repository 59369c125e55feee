/**
 * The couple's content ('Contenido'): today's content (what the site showed before the editor
 * existed, and what a new site shows).
 * A new sub-section adds its default in `defaultContent()` (and its key, schema and default in
 * app/lib/content-schemas.ts). The other jobs: content-live (the live copy), content-store (saves,
 * history), content-dates, content-texts (what pages read), content-transfer (export, import).
 */
import {
  accommodation as defaultAccommodation,
  couple as defaultCouple,
  INFO_CARD_IDS,
  moments as defaultMoments,
  quotes as defaultQuotes,
  schedule,
  venue,
} from "~/content/wedding";
import { faqSchema, giftsSchema, programmeSchema, type ContentSection, type SiteContent, type TextPair } from "~/lib/content-schemas";
import { DEFAULT_RSVP_DEADLINE, DEFAULT_WEDDING_DATE } from "~/lib/constants";
import { DEFAULT_TIME_ZONE, toVenueLocal } from "~/lib/venue-time";
import { resources as baseResources } from "~/locales";

const es = baseResources.es;
const en = baseResources.en;
const pair = (esText: string | undefined, enText: string | undefined): TextPair => ({ es: esText ?? "", en: enText && enText !== esText ? enText : "" });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const entry = (bundle: any, ...path: string[]): string | undefined => path.reduce((node, key) => node?.[key], bundle);

/** Today's content: what the site showed before the editor existed, and what a new site shows. */
export function defaultContent(): SiteContent {
  const text = (...path: string[]) => pair(entry(es, ...path), entry(en, ...path));
  return {
    couple: {
      names: defaultCouple.names,
      weddingDate: toVenueLocal(DEFAULT_WEDDING_DATE, DEFAULT_TIME_ZONE),
      rsvpDeadline: toVenueLocal(DEFAULT_RSVP_DEADLINE, DEFAULT_TIME_ZONE),
      timeZone: DEFAULT_TIME_ZONE,
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
      intro: text("home", "accommodation", "intro"),
      contactRole: text("home", "accommodation", "contactRole"),
      contactText: text("home", "accommodation", "contactText"),
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
    // No programme until the couple writes one (the pages then show none).
    programme: programmeSchema.parse({}),
  };
}

/**
 * Fields a sub-section gained after versions of it were saved (or exported): such a version has
 * not left them empty, it predates them, so it reads today's default (the demo's sentence) and the
 * site looks as it did. A field present, even empty, is the couple's.
 */
const LATER_FIELDS: Partial<Record<ContentSection, readonly string[]>> = {
  accommodation: ["intro", "contactRole", "contactText"],
};

/** A stored or imported version (before its schema reads it) with the fields it predates filled in from the defaults. */
export function withLaterFields(section: ContentSection, value: unknown): unknown {
  const fields = LATER_FIELDS[section];
  if (!fields || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const missing = fields.filter((field) => !(field in value));
  if (!missing.length) return value;
  const defaults = defaultContent()[section] as unknown as Record<string, unknown>;
  return { ...Object.fromEntries(missing.map((field) => [field, defaults[field]])), ...value };
}
