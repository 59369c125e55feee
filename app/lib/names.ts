import { z } from "zod";
import { MAX_UPLOADER_NAME_LENGTH } from "./constants";

/**
 * The one normaliser for every name a person types (guest, primary guest, section): what is
 * stored, compared and length-checked. Pure: safe in the browser.
 *
 * Format characters (Unicode Cf: zero-width spaces and joiners, bidi overrides, embeddings and
 * isolates, the BOM) and control characters (Cc) are removed, so a name of only invisible
 * characters is empty (hence "required"), a zero-width copy of a name equals the name, and no
 * name can flip the text around it in the admin table.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}]/gu;

export function normalizeName(name: string): string {
  // Control characters include tab and newline: replaced by a space, not glued to their neighbours.
  return name
    .normalize("NFC")
    .replace(/[\t\n\v\f\r\u0085]/g, " ")
    .replace(INVISIBLE, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Two names are the same person's or table's when their keys are equal: normalised, case aside. */
export function nameKey(name: string): string {
  return normalizeName(name).toLocaleLowerCase();
}

/**
 * A form field holding a name: normalised, then checked (messages are translation keys).
 * Checked after the transform with refine, not pipe: conform reads an empty string in a piped
 * schema as a missing field and would answer zod's bare "Required".
 */
export function nameField(max: number, messages: { tooLong: string; required?: string }) {
  return z
    .string(messages.required ? { required_error: messages.required } : undefined)
    .transform(normalizeName)
    .superRefine((name, ctx) => {
      if (messages.required && name.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages.required });
      if (name.length > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages.tooLong });
    });
}

/**
 * 'Tu nombre' sent with a photo: optional (missing or only spaces and invisible characters is no
 * name), normalised like every name, at most MAX_UPLOADER_NAME_LENGTH characters.
 */
export function uploaderNameOf(raw: string | null | undefined): { ok: true; name: string | null } | { ok: false } {
  const name = normalizeName(raw ?? "");
  if (name.length > MAX_UPLOADER_NAME_LENGTH) return { ok: false };
  return { ok: true, name: name || null };
}
