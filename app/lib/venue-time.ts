import { dateTimeFormat } from "./format";

/**
 * The venue's time zone when the couple has chosen none ('Pareja y fechas' saved before the field
 * existed): every date the site shows, enforces or sends is read in the venue's zone.
 */
export const DEFAULT_TIME_ZONE = "America/Panama";

let zones: readonly string[] | undefined;
/** The IANA zones this runtime knows, sorted (what 'Zona horaria del lugar' offers). */
export function timeZones(): readonly string[] {
  zones ??= [...new Set([...Intl.supportedValuesOf("timeZone"), DEFAULT_TIME_ZONE, "UTC"])].sort();
  return zones;
}

/** Whether a text names a zone of the list (the server refuses any other). */
export function isTimeZone(zone: string): boolean {
  return timeZones().includes(zone);
}

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** The calendar day an instant falls on at the venue. */
export function venueDay(instant: Date | string, timeZone: string): CalendarDay {
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
export function atVenueTime(day: CalendarDay, hhmm: string, timeZone: string, addDays = 0): Date {
  const [h, m] = hhmm.split(":").map(Number);
  const wall = Date.UTC(day.year, day.month - 1, day.day + addDays, h, m);
  // The zone's offset at the guess, then once more at the corrected instant (a DST change between).
  let instant = new Date(wall - offsetMinutes(new Date(wall), timeZone) * 60_000);
  instant = new Date(wall - offsetMinutes(instant, timeZone) * 60_000);
  return instant;
}

/** An instant → the wall clock at the venue as a datetime-local field's value ("2026-01-17T16:00"). */
export function toVenueLocal(iso: string, timeZone: string): string {
  const parts = dateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/**
 * A wall clock at the venue ("2031-01-17T16:00") → the instant as ISO 8601. The couple's dates are
 * stored as wall clocks, so a new zone keeps the times they typed (16:00 stays 16:00 there).
 */
export function fromVenueLocal(local: string, timeZone: string): string {
  const [date, time] = local.split("T");
  const [year, month, day] = date.split("-").map(Number);
  return atVenueTime({ year, month, day }, time, timeZone).toISOString();
}
