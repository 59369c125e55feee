import crypto from "node:crypto";
import { isLanguage } from "~/infra/i18n.server";
import { sessionSecret } from "~/infra/secrets.server";
import { isEmailAddress } from "~/lib/email";
import type { Language } from "~/lib/constants";

/**
 * The token in every e-mail's 'Ya no quiero recibir correos' link: the address and the message's
 * language, signed with the session secret (HMAC-SHA256, a purpose of its own), so nobody can stop
 * mail to an address they did not receive it at. It never expires: an old e-mail's link must work.
 */
const PURPOSE = "unsubscribe\u0000";
/** Longer than any token this file makes (a 254-character address): longer input is not worth checking. */
export const MAX_UNSUBSCRIBE_TOKEN_LENGTH = 600;

function signature(body: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(PURPOSE + body)
    .digest("base64url");
}

export function unsubscribeToken(email: string, language: Language): string {
  const body = Buffer.from(JSON.stringify({ e: email, l: language })).toString("base64url");
  return `${body}.${signature(body)}`;
}

/** The address and language a token was made for, or null for anything not made by unsubscribeToken. */
export function readUnsubscribeToken(token: string): { email: string; language: Language } | null {
  if (token.length > MAX_UNSUBSCRIBE_TOKEN_LENGTH) return null;
  const [body, given, extra] = token.split(".");
  if (!body || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(body));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { e?: unknown; l?: unknown };
    if (typeof data.e !== "string" || !isEmailAddress(data.e) || !isLanguage(data.l)) return null;
    return { email: data.e, language: data.l };
  } catch {
    return null;
  }
}
