import { isRsvpOpen } from "./rsvp";
import { atVenueTime, venueDay } from "./venue-time";

/**
 * The site's seasons, decided by the server's clock:
 * - "invitations": before RSVP_DEADLINE, guests are invited to confirm;
 * - "rsvpClosed": after the deadline, before the wedding;
 * - "weddingDay": from WEDDING_DATE (the countdown's moment) to the start of the "after" season;
 * - "after": from midnight at the venue SITE_AFTER_WEDDING_DAYS days after the wedding's date:
 *   thanks and photos.
 */
export type Season = "invitations" | "rsvpClosed" | "weddingDay" | "after";

export interface SeasonDates {
  weddingDate: string;
  rsvpDeadline: string;
  afterWeddingDays: number;
  /** The venue's IANA zone: "after" starts at its midnight. */
  timeZone: string;
}

/** The moment the home page turns to thanks and photos. */
export function afterWeddingStart(weddingDate: string, afterWeddingDays: number, timeZone: string): Date {
  return atVenueTime(venueDay(weddingDate, timeZone), "00:00", timeZone, afterWeddingDays);
}

export function seasonAt(now: Date, dates: SeasonDates): Season {
  if (now.getTime() >= afterWeddingStart(dates.weddingDate, dates.afterWeddingDays, dates.timeZone).getTime()) return "after";
  if (now.getTime() >= new Date(dates.weddingDate).getTime()) return "weddingDay";
  if (!isRsvpOpen(dates.rsvpDeadline, now)) return "rsvpClosed";
  return "invitations";
}
