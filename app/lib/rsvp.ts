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
 * With more than one seat at least one additional name is required.
 */
export function buildGuestList(
  primaryGuest: string,
  maxGuests: number,
  names: readonly string[],
): { ok: true; guests: string[] } | { ok: false; error: GuestListError } {
  const built = buildAnswer(primaryGuest, maxGuests, { guests: names.map((fullName) => ({ fullName })) });
  if (!built.ok) return built as { ok: false; error: GuestListError };
  return { ok: true, guests: built.guests.map((g) => g.fullName) };
}

/** Longest dietary note per guest and longest message to the couple, in characters. */
export const MAX_DIETARY_LENGTH = 120;
export const MAX_MESSAGE_LENGTH = 500;

/** Where an invitation stands: the `confirmed` boolean is `status === "confirmed"`. */
export type InvitationStatus = "pending" | "confirmed" | "declined";
export const INVITATION_STATUSES = ["pending", "confirmed", "declined"] as const;
export const isAnswered = (status: InvitationStatus) => status !== "pending";

/** A dietary note as stored: one line, trimmed; blank means none (null). */
export function cleanDietary(text: string | null | undefined): string | null {
  const cleaned = cleanName(text ?? "");
  return cleaned ? cleaned : null;
}

/** A message as stored: line breaks kept (as \n), each line's trailing space and the ends trimmed; blank means none. */
export function cleanMessage(text: string | null | undefined): string | null {
  const cleaned = (text ?? "")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[^\S\n]+/g, " ").trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return cleaned ? cleaned : null;
}

export interface GuestAnswer {
  fullName: string;
  dietary?: string | null;
}

export type AnswerError = GuestListError | "dietaryTooLong" | "messageTooLong";

/**
 * The whole "yes" to store: the guest list (as buildGuestList), each guest's dietary note
 * (trimmed, blank is none, at most MAX_DIETARY_LENGTH) and the message (at most
 * MAX_MESSAGE_LENGTH). The primary guest's note is `primaryDietary`, or the note sent beside
 * the primary guest's own name when the list includes it.
 */
export function buildAnswer(
  primaryGuest: string,
  maxGuests: number,
  answer: { guests: readonly GuestAnswer[]; primaryDietary?: string | null; message?: string | null },
): { ok: true; guests: { fullName: string; dietary: string | null }[]; message: string | null } | { ok: false; error: AnswerError } {
  const primary = cleanName(primaryGuest);
  const primaryKey = primary.toLocaleLowerCase();
  const seen = new Set([primaryKey]);
  let primaryDietary = cleanDietary(answer.primaryDietary);
  const extra: { fullName: string; dietary: string | null }[] = [];
  for (const raw of answer.guests) {
    const name = cleanName(raw.fullName ?? "");
    const key = name.toLocaleLowerCase();
    if (key === primaryKey) primaryDietary ??= cleanDietary(raw.dietary);
    if (name.length === 0 || seen.has(key)) continue;
    seen.add(key);
    extra.push({ fullName: name, dietary: cleanDietary(raw.dietary) });
  }
  if (extra.some((g) => g.fullName.length > MAX_NAME_LENGTH)) return { ok: false, error: "nameTooLong" };
  if (maxGuests > 1 && extra.length === 0) return { ok: false, error: "additionalRequired" };
  if (extra.length > additionalSeats(maxGuests)) return { ok: false, error: "tooMany" };
  const guests = [{ fullName: primary, dietary: primaryDietary }, ...extra];
  if (guests.some((g) => (g.dietary?.length ?? 0) > MAX_DIETARY_LENGTH)) return { ok: false, error: "dietaryTooLong" };
  const message = checkMessage(answer.message);
  if (!message.ok) return message;
  return { ok: true, guests, message: message.message };
}

/** The message to the couple as stored (cleanMessage), at most MAX_MESSAGE_LENGTH: a "yes"'s, a "no"'s, an imported answer's. */
export function checkMessage(text: string | null | undefined): { ok: true; message: string | null } | { ok: false; error: "messageTooLong" } {
  const message = cleanMessage(text);
  if ((message?.length ?? 0) > MAX_MESSAGE_LENGTH) return { ok: false, error: "messageTooLong" };
  return { ok: true, message };
}
