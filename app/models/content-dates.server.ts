/**
 * The wedding's date and the RSVP deadline: the couple's ('Pareja y fechas'), unless the
 * environment sets them (WEDDING_DATE / RSVP_DEADLINE win when set).
 */
import type { SiteContent } from "~/lib/content-schemas";
import { DEFAULT_RSVP_DEADLINE, DEFAULT_WEDDING_DATE } from "~/lib/constants";
import { config } from "~/infra/config.server";
import { DEFAULT_TIME_ZONE, fromVenueLocal } from "~/lib/venue-time";
import { currentContent } from "./content-live.server";

const fromEnvironment = (name: "WEDDING_DATE" | "RSVP_DEADLINE") => config()[name];

export interface WeddingDates {
  /** ISO 8601 instants. */
  weddingDate: string;
  rsvpDeadline: string;
  /** The venue's IANA zone: every date shown, enforced or sent is read in it. */
  timeZone: string;
  /** The variable that sets each, when the environment does (the form shows it read-only). */
  setBy: { weddingDate?: "WEDDING_DATE"; rsvpDeadline?: "RSVP_DEADLINE" };
}

export function datesOf(couple: SiteContent["couple"]): WeddingDates {
  const envWedding = fromEnvironment("WEDDING_DATE");
  const envDeadline = fromEnvironment("RSVP_DEADLINE");
  const { weddingDate, rsvpDeadline } = couple;
  const timeZone = couple.timeZone ?? DEFAULT_TIME_ZONE;
  // The stored dates are wall clocks at the venue, read in its zone now; the environment's carry their own offset.
  return {
    weddingDate: envWedding ?? (weddingDate ? fromVenueLocal(weddingDate, timeZone) : DEFAULT_WEDDING_DATE),
    rsvpDeadline: envDeadline ?? (rsvpDeadline ? fromVenueLocal(rsvpDeadline, timeZone) : DEFAULT_RSVP_DEADLINE),
    timeZone,
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
