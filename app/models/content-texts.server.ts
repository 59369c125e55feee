/**
 * What pages read of the couple's content, in the page's language: `coupleTexts()` (names, venue,
 * city: the header, footer, titles and the calendar), `homeFacts()` (the home page's texts, lists,
 * times, places, prices) and the calendar's event (`weddingEventOf`, `calendarFacts`).
 *
 * The couple's texts are data (decision 0035): they reach the page as loader data and are shown as
 * typed, never through i18next (which reads `{{…}}` and `$t(…)` in its resources). An app text
 * that quotes one gets it as a value (`t("footer:weddingDate", { city })`); i18next does not read
 * a value again (`skipOnVariables`, its default).
 */
import { accommodation as defaultAccommodation, INFO_CARD_IDS, moments as defaultMoments, quotes as defaultQuotes, venue } from "~/content/wedding";
import { inLanguage, type SiteContent } from "~/lib/content-schemas";
import { cardImage, eventImage, momentImages, pictureDescriptionIn } from "~/lib/content-pictures";
import { fillMarks } from "~/lib/format";
import { fillTimeMarks } from "~/lib/time-phrases";
import type { Language } from "~/lib/constants";
import type { WeddingEvent } from "~/lib/calendar";
import { datesOf } from "./content-dates.server";
import { currentContent } from "./content-live.server";

// The page's element ids: today's ids first (the anchors stay), then numbered.
const momentId = (i: number) => defaultMoments[i]?.id ?? `moment${i}`;
const apartmentId = (i: number) => defaultAccommodation.apartments[i]?.id ?? `apartment${i}`;
const quoteId = (i: number) => defaultQuotes[i]?.id ?? `quote${i}`;

/** The couple's names and place in a language (English left empty shows Spanish). */
export function coupleTexts(couple: SiteContent["couple"], lang: Language) {
  return { names: couple.names, venue: inLanguage(couple.venue, lang), city: inLanguage(couple.city, lang) };
}
export type CoupleTexts = ReturnType<typeof coupleTexts>;

/** The home page's texts, lists, places, times and prices in a language. */
export async function homeFacts(lang: Language) {
  const { couple, story, info, accommodation, quotes } = await currentContent();
  const t = (pair: Parameters<typeof inLanguage>[0]) => inLanguage(pair, lang);
  const times = { ceremonyStart: couple.ceremonyStart, receptionEnd: couple.receptionEnd };
  return {
    names: couple.names,
    /** The venue's name and city in the language. */
    place: { venue: t(couple.venue), city: t(couple.city) },
    venue: { latitude: couple.latitude, longitude: couple.longitude, zoom: venue.zoom },
    schedule: {
      ceremony: {
        start: couple.ceremonyStart,
        end: couple.ceremonyEnd,
        image: eventImage(couple, "ceremony"),
        imageAlt: pictureDescriptionIn(eventImage(couple, "ceremony"), couple.ceremonyImageDescription, lang),
        description: t(couple.ceremonyDescription),
      },
      reception: {
        start: couple.receptionStart,
        end: couple.receptionEnd,
        image: eventImage(couple, "reception"),
        imageAlt: pictureDescriptionIn(eventImage(couple, "reception"), couple.receptionImageDescription, lang),
        description: t(couple.receptionDescription),
      },
    },
    moments: story.moments.map((m, i) => ({
      id: momentId(i),
      type: defaultMoments[i].type,
      images: momentImages(story, i),
      /** Each photo's description: null for a default one, "" for the couple's when they wrote none (app/lib/content-pictures.ts). */
      imageAlts: momentImages(story, i).map((src, n) => pictureDescriptionIn(src, m.imageDescriptions?.[n], lang)),
      title: t(m.title),
      description: t(m.description),
    })),
    infoCards: info.cards.map((c, i) => ({
      id: INFO_CARD_IDS[i],
      image: cardImage(info, i),
      imageAlt: pictureDescriptionIn(cardImage(info, i), c.imageDescription, lang),
      title: t(c.title),
      subtitle: fillTimeMarks(t(c.subtitle), times, lang),
      description: fillTimeMarks(t(c.description), times, lang),
    })),
    accommodation: {
      currency: accommodation.currency,
      apartments: accommodation.apartments.map((a, i) => ({
        id: apartmentId(i),
        firstNight: a.firstNight,
        extraNight: a.extraNight,
        name: t(a.name),
        beds: t(a.beds),
      })),
      checkIn: accommodation.checkIn,
      checkOut: accommodation.checkOut,
      contact: { name: accommodation.contactName, phone: accommodation.contactPhone, email: accommodation.contactEmail },
      importantNote: fillMarks(t(accommodation.importantNote), { names: couple.names }),
      availabilityNote: t(accommodation.availabilityNote),
      intro: t(accommodation.intro),
      contactRole: t(accommodation.contactRole),
      contactText: t(accommodation.contactText),
    },
    quotes: quotes.quotes.map((q, i) => ({ id: quoteId(i), text: t(q.text), author: q.author.es ? t(q.author) : undefined })),
  };
}
export type HomeFacts = Awaited<ReturnType<typeof homeFacts>>;

/** The calendar event's names, place and times in a language (app/lib/calendar.ts): the root's data, /wedding.ics. */
export function weddingEventOf(couple: SiteContent["couple"], lang: Language): WeddingEvent {
  const { names, venue, city } = coupleTexts(couple, lang);
  return {
    names,
    location: [venue, city].filter(Boolean).join(", "),
    ceremonyStart: couple.ceremonyStart,
    ceremonyEnd: couple.ceremonyEnd,
    receptionEnd: couple.receptionEnd,
  };
}

/** /wedding.ics: the event, the venue's position, the wedding's date and the venue's time zone. */
export async function calendarFacts(lang: Language) {
  const { couple } = await currentContent();
  const { weddingDate, timeZone } = datesOf(couple);
  return { event: weddingEventOf(couple, lang), venue: { latitude: couple.latitude, longitude: couple.longitude }, weddingDate, timeZone };
}
