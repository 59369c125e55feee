/**
 * What pages read of the couple's content: `contentResources()` (the i18n texts with the couple's
 * over the defaults: header, footer, home page, calendar), `homeFacts()` (lists, times, places,
 * prices) and the calendar's event (`weddingEventOf`, `calendarFacts`).
 */
import { accommodation as defaultAccommodation, INFO_CARD_IDS, moments as defaultMoments, quotes as defaultQuotes, venue } from "~/content/wedding";
import { inLanguage, type SiteContent, type TextPair } from "~/lib/content-schemas";
import { cardImage, eventImage, momentImages } from "~/lib/content-pictures";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import type { WeddingEvent } from "~/lib/calendar";
import { resources as baseResources } from "~/locales";
import { datesOf } from "./content-dates.server";
import { contentSnapshot, currentContent } from "./content-live.server";

type Resources = typeof baseResources;

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

// The texts are worked out once per live content (it is frozen and replaced on a change).
const resourcesOf = new WeakMap<SiteContent, Resources>();

/** The app's texts with the couple's over the defaults (sync: as last read; pageTexts reads first). */
export function contentResources(): Resources {
  const content = contentSnapshot();
  let resources = resourcesOf.get(content);
  if (!resources) resourcesOf.set(content, (resources = resourcesWith(content)));
  return resources;
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
