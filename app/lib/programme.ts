import { inLanguage, type TextPair } from "~/lib/in-language";
import { atVenueTime, venueDay } from "~/lib/venue-time";

/** A moment of 'Programa del día' as stored: the venue's time ("HH:MM") and its title. */
export interface ProgrammeEntry {
  time: string;
  title: TextPair;
}

/** A moment as a page shows it, in one language. */
export interface ProgrammeLine {
  time: string;
  title: string;
}

/**
 * The programme in one language, sorted by time (English left empty shows Spanish). Moments at
 * the same time keep the couple's order (the editor's up and down buttons). Kept free of zod: the
 * home page's client code imports nothing of the content's schemas.
 */
export function programmeIn(entries: readonly ProgrammeEntry[], lng: string): ProgrammeLine[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.time < b.entry.time ? -1 : a.entry.time > b.entry.time ? 1 : a.index - b.index))
    .map(({ entry }) => ({ time: entry.time, title: inLanguage(entry.title, lng) }));
}

/**
 * Whether the programme is shown now: from the start of the day before the wedding until the end
 * of the day after it, both read at the venue (guests look at it while they travel, at the party
 * and the morning after; before then the invitation's own information is what matters).
 */
export function programmeShownAt(now: Date, weddingDate: string, timeZone: string): boolean {
  const day = venueDay(weddingDate, timeZone);
  const from = atVenueTime(day, "00:00", timeZone, -1);
  const until = atVenueTime(day, "00:00", timeZone, 2);
  return now.getTime() >= from.getTime() && now.getTime() < until.getTime();
}
