import { timeWithArticle } from "./time-phrases";
import { atVenueTime, venueDay } from "./venue-time";

/**
 * The wedding as one calendar event: from WEDDING_DATE itself (the time the invitation gives, 4:00
 * PM; a guest who follows their calendar arrives then, not at the ceremony's 4:30) to the
 * reception's end (1:00 AM, the next day) at the venue, in the venue's time zone. Shared by /wedding.ics and the Google
 * Calendar link so both say the same.
 */
export function weddingEventTimes(weddingDate: string, receptionEnd: string, timeZone: string): { start: Date; end: Date } {
  const day = venueDay(weddingDate, timeZone);
  const start = new Date(weddingDate);
  let end = atVenueTime(day, receptionEnd, timeZone);
  // A reception that ends after midnight ends the next day.
  if (end.getTime() <= start.getTime()) end = atVenueTime(day, receptionEnd, timeZone, 1);
  return { start, end };
}

/** 2026-01-17T21:00:00.000Z → "20260117T210000Z" (RFC 5545 UTC form, what Google expects too). */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export interface CalendarTexts {
  title: string;
  details: string;
  location: string;
}

/** A plain link that opens Google Calendar's "new event" form filled in. */
export function googleCalendarUrl(weddingDate: string, texts: CalendarTexts, receptionEnd: string, timeZone: string): string {
  const { start, end } = weddingEventTimes(weddingDate, receptionEnd, timeZone);
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: texts.title,
    dates: `${icsUtc(start)}/${icsUtc(end)}`,
    details: texts.details,
    location: texts.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** A translate function bound to the `common` namespace (react-i18next's or the server's). */
export type CommonT = (key: string, options?: Record<string, string>) => string;

/** What the event says besides the app's texts: the couple's names, place and times ('Pareja y fechas'), as typed. */
export interface WeddingEvent {
  names: string;
  /** "Venue, City" in the event's language. */
  location: string;
  ceremonyStart: string;
  ceremonyEnd: string;
  receptionEnd: string;
}
/** The event's title, details and place in the guest's language (keys under common:calendar; the couple's values are data). */
export function calendarTexts(t: CommonT, lang: string, event: WeddingEvent): CalendarTexts {
  return {
    title: t("calendar.eventTitle", { names: event.names }),
    details: t("calendar.eventDetails", {
      // "de las 4:30 p. m. a las 5:30 p. m.; … hasta la 1:00 a. m." (es), "from 4:30 PM to 5:30 PM; … until 1:00 AM" (en).
      ceremonyStart: timeWithArticle(event.ceremonyStart, lang),
      ceremonyEnd: timeWithArticle(event.ceremonyEnd, lang),
      receptionEnd: timeWithArticle(event.receptionEnd, lang),
    }),
    location: event.location,
  };
}
