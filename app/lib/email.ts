/**
 * What the site takes as an e-mail address (the couple's notification addresses now; guests'
 * addresses on invitations later): one mailbox, no display name, no spaces, a dot in the domain.
 * Kept simple on purpose: the mail server is the judge of whether it exists.
 */
const EMAIL = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\.]+$/;

/** Longest address SMTP allows (RFC 5321's path limit less the brackets). */
export const MAX_EMAIL_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);
}

/** Addresses compare without case (their local part practically always does). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** `Name <address>` or a bare address: the address, or null when it is not one. */
export function mailboxAddress(value: string): string | null {
  const named = /^\s*(?:"[^"]*"|[^<>"]*)\s*<([^<>]+)>\s*$/.exec(value);
  const address = (named ? named[1] : value).trim();
  return isEmailAddress(address) ? address : null;
}
