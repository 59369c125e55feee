import { expect, test, uniqueClientAddress } from "./fixtures";

/**
 * A form's body over the limit (64 KB) is answered 413 with 'too large' in the visitor's language,
 * whichever form it was posted to: a page's (its error view) or the language and theme switches
 * (a plain answer of their own).
 */
const oversized = `lng=en&redirectTo=${"a".repeat(80 * 1024)}`;

for (const [language, title] of [
  ["es", "Envío demasiado grande"],
  ["en", "Submission too large"],
] as const) {
  test(`a form over the limit is answered 413 'too large' in ${language} @no-js-only`, async ({ request }) => {
    const headers = { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": language, "X-Forwarded-For": uniqueClientAddress() };
    for (const path of ["/action/set-language", "/action/set-theme", "/confirm"]) {
      const res = await request.post(path, { headers, data: oversized, maxRedirects: 0 });
      expect(res.status(), path).toBe(413);
      const body = await res.text();
      // A page's heading, or the plain answer's text.
      const shown = /<h1[^>]*>([^<]*)<\/h1>/.exec(body)?.[1] ?? body;
      expect(shown, path).toContain(title);
    }
  });
}
