import { MAX_NAME_LENGTH } from "./constants";
import { normalizeName } from "./names";

/**
 * RSVP rules shared by the confirm form, the /api routes and the server.
 * Pure: no I/O, safe in the browser.
 */

/** Confirmation is open until the deadline (inclusive). */
export function isRsvpOpen(deadline: Date | string, now: Date = new Date()): boolean {
  return now.getTime() <= new Date(deadline).getTime();
}

/** Seats a guest may add beside the primary guest. */
export function additionalSeats(maxGuests: number): number {
  return Math.max(0, maxGuests - 1);
}

/** What we store and compare: the one name normaliser (kept under its old name for callers). */
export const cleanName = normalizeName;

export type GuestListError = "additionalRequired" | "tooMany" | "nameTooLong";

/**
 * Builds the list to store from the primary guest and the names sent:
 * blanks dropped, the primary guest always first (sent or not, and only once),
 * repeated names kept once, at most maxGuests names.
 * With more than one seat at least one additional name is required (spec section 5).
 */
export function buildGuestList(
  primaryGuest: string,
  maxGuests: number,
  names: readonly string[],
): { ok: true; guests: string[] } | { ok: false; error: GuestListError } {
  const primary = cleanName(primaryGuest);
  const seen = new Set([primary.toLocaleLowerCase()]);
  const extra: string[] = [];
  for (const raw of names) {
    const name = cleanName(raw);
    const key = name.toLocaleLowerCase();
    if (name.length === 0 || seen.has(key)) continue;
    seen.add(key);
    extra.push(name);
  }
  if (extra.some((n) => n.length > MAX_NAME_LENGTH)) return { ok: false, error: "nameTooLong" };
  if (maxGuests > 1 && extra.length === 0) return { ok: false, error: "additionalRequired" };
  if (extra.length > additionalSeats(maxGuests)) return { ok: false, error: "tooMany" };
  return { ok: true, guests: [primary, ...extra] };
}
