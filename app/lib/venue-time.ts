import { dateTimeFormat } from "./format";

/** The wedding's own time zone: dates and times at the venue (Cocolí, Panamá) are read in it. */
export const WEDDING_TIME_ZONE = "America/Panama";

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** The calendar day an instant falls on at the venue. */
export function venueDay(instant: Date | string, timeZone = WEDDING_TIME_ZONE): CalendarDay {
  const parts = dateTimeFormat("en-US", { year: "numeric", month: "numeric", day: "numeric", timeZone }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

/** Minutes the zone is ahead of UTC at an instant (Panamá: -300). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat("en-US", {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
    timeZone,
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock time ("HH:MM") on a day at the venue, `addDays` later. Days
 * overflow like Date.UTC does (31 Jan + 1 = 1 Feb).
 */
export function atVenueTime(day: CalendarDay, hhmm: string, addDays = 0, timeZone = WEDDING_TIME_ZONE): Date {
  const [h, m] = hhmm.split(":").map(Number);
  const wall = Date.UTC(day.year, day.month - 1, day.day + addDays, h, m);
  // The zone's offset at the guess, then once more at the corrected instant (a DST change between).
  let instant = new Date(wall - offsetMinutes(new Date(wall), timeZone) * 60_000);
  instant = new Date(wall - offsetMinutes(instant, timeZone) * 60_000);
  return instant;
}
