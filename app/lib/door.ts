import { isWellFormedCode, normalizeInvitationCode } from "./invitation-code";

/**
 * The door ('Recepción'): the rules its screen and the server share. The key the couple gives the
 * people at the door is at least DOOR_KEY_MIN_LENGTH characters (short enough to type on a phone,
 * long enough with the login's rate limit); the upper bound only keeps a pasted essay out.
 */
export const DOOR_KEY_MIN_LENGTH = 6;
export const DOOR_KEY_MAX_LENGTH = 200;

/** What the door's search reads of a query: enough for any name, never a page of text. */
export const DOOR_QUERY_MAX_LENGTH = 100;

/** Every how many milliseconds an open door screen asks for the counts (two phones agree within 5 s). */
export const DOOR_POLL_MS = 3000;

export type DoorKeyError = "tooShort" | "tooLong" | "sameAsAdmin";

/** The key's own rules (its length); that it differs from the admin password is the server's check. */
export function doorKeyLengthError(key: string): DoorKeyError | null {
  if (key.length < DOOR_KEY_MIN_LENGTH) return "tooShort";
  if (key.length > DOOR_KEY_MAX_LENGTH) return "tooLong";
  return null;
}

/**
 * The invitation code a scanned QR code or a typed text names: a personal link (`…/i/{code}`,
 * the card's QR code) or a code alone. Null for anything else (a name to search for).
 */
export function codeInScan(text: string): string | null {
  const trimmed = text.trim();
  const link = /(?:^|\/)i\/([A-Za-z0-9-]{1,64})\/?(?:[?#].*)?$/.exec(trimmed);
  const candidate = normalizeInvitationCode(link ? link[1]! : trimmed);
  return (link || !/\s/.test(trimmed)) && isWellFormedCode(candidate) ? candidate : null;
}

/** An arrival's time as the door shows it ('Llegó 19:42'), at the venue's clock. */
export function arrivalTime(iso: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "es-ES", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(iso));
}
