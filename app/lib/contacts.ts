import { isEmailAddress, normalizeEmail } from "./email";

/**
 * An invitation's contacts (decision 0031): the guest's WhatsApp number and e-mail, both optional.
 * The one home of their rules, shared by the admin's forms, the CSV import and the API. Pure.
 */

/** Digits of a phone in E.164 (country code included, no '+'): ITU-T E.164 allows up to 15; below 8 is no real number. */
export const MIN_PHONE_DIGITS = 8;
export const MAX_PHONE_DIGITS = 15;
/** Longest phone as typed (spaces, dashes, a '+' or '00'): anything longer is refused without being read further. */
export const MAX_PHONE_INPUT_LENGTH = 40;

/** A country code as DEFAULT_PHONE_COUNTRY takes it: 1 to 3 digits, never starting with 0. */
export const COUNTRY_CODE = /^[1-9][0-9]{0,2}$/;

/**
 * A phone as typed ("6123-4567", "+507 6123 4567", "00 44 (20) 7946.0958") in E.164 digits without
 * the '+', or null when it is not a number. Spaces, dashes, dots and parentheses are dropped; a
 * leading '+' or '00' means the country code follows; anything else takes `defaultCountry`.
 */
export function normalizePhone(typed: string, defaultCountry: string): string | null {
  if (typed.length > MAX_PHONE_INPUT_LENGTH) return null;
  const compact = typed.replace(/[\s.()\u2010-\u2015-]/g, "");
  let digits: string;
  if (compact.startsWith("+")) digits = compact.slice(1);
  else if (compact.startsWith("00")) digits = compact.slice(2);
  else digits = `${defaultCountry}${compact}`;
  if (!/^[0-9]+$/.test(digits) || digits.startsWith("0")) return null;
  return digits.length >= MIN_PHONE_DIGITS && digits.length <= MAX_PHONE_DIGITS ? digits : null;
}

/** A stored phone as people read it: "+50761234567". */
export const displayPhone = (digits: string) => `+${digits}`;

export type ContactError = "phoneInvalid" | "emailInvalid";

/** What the admin typed: undefined keeps what is stored (the API's PUT), null or blank clears it. */
export interface ContactsInput {
  phone?: string | null;
  email?: string | null;
}

/**
 * The contacts checked and in their stored form (phone in E.164 digits, e-mail trimmed and
 * lower-case), blank as null; a field left undefined stays undefined (unchanged).
 */
export function checkContacts(
  input: ContactsInput,
  defaultCountry: string,
): { ok: true; phone?: string | null; email?: string | null } | { ok: false; error: ContactError } {
  const out: { ok: true; phone?: string | null; email?: string | null } = { ok: true };
  if (input.phone !== undefined) {
    const typed = (input.phone ?? "").trim();
    if (!typed) out.phone = null;
    else {
      const phone = normalizePhone(typed, defaultCountry);
      if (!phone) return { ok: false, error: "phoneInvalid" };
      out.phone = phone;
    }
  }
  if (input.email !== undefined) {
    const email = normalizeEmail(input.email ?? "");
    if (!email) out.email = null;
    else if (!isEmailAddress(email)) return { ok: false, error: "emailInvalid" };
    else out.email = email;
  }
  return out;
}
