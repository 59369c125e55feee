import http from "node:http";
import { expect, startServer, TestData, test, uniqueClientAddress } from "./fixtures";

/**
 * A guest's /confirm page made from its kind's template (docs/decisions/0019-*) is the page a full
 * render makes, byte for byte: two servers over one database, one with templates (the default), one
 * with GUEST_PAGE_TEMPLATES=0, asked for the same guests' pages. The guests' texts are the hard
 * ones: markup, quotes, ampersands, emoji, right-to-left text, line separators, digits that look
 * like the template's placeholders, a name of the longest length, all stored the way guests answer
 * (the RSVP route trims a message, so one starting with a line break, which the template leaves to
 * the full render, never reaches a page here).
 * Process-level (its own servers), so it runs once (JavaScript project).
 */
test.describe("guest pages from templates @js-only", () => {
  test.describe.configure({ mode: "serial" });
  let templated: Awaited<ReturnType<typeof startServer>>;
  let rendered: Awaited<ReturnType<typeof startServer>>;

  test.beforeAll(async () => {
    templated = await startServer({});
    const dataDir = templated.dataDir;
    rendered = await startServer({ GUEST_PAGE_TEMPLATES: "0", DATABASE_PATH: `${dataDir}/wedding.sqlite`, UPLOADS_DIR: `${dataDir}/uploads` });
  });
  test.afterAll(async () => {
    await rendered?.stop();
    await templated?.stop();
  });

  /** The answer, as text and as the bytes sent (no decoding on the way: a NUL or a cut character stays visible). */
  function get(baseURL: string, path: string, cookie: string, client = "192.0.2.90") {
    return new Promise<{ status: number; body: string; bytes: Buffer; timing: string; setCookie: string[] }>((resolve, reject) => {
      const req = http.request(new URL(path, baseURL), { headers: { Cookie: cookie, "X-Forwarded-For": client } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          const timing = String(res.headers["server-timing"] ?? "");
          resolve({ status: res.statusCode ?? 0, body: bytes.toString("utf8"), bytes, timing, setCookie: res.headers["set-cookie"] ?? [] });
        });
      });
      req.on("error", reject);
      req.end();
    });
  }

  /** The page without its per-request nonce (each answer has its own). */
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
  const languageCookie = (lng: "es" | "en") => `lng=${encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString("base64"))}`;

  test("every guest's page is the full render's, and only kinds whose texts are written whole come from a template", async () => {
    const data = new TestData(templated);
    const nasty = `Ana <script>alert("x")</script> & 'Luis' "el tío" &amp; 🎉`;
    const rtl = "José ‏שלום‎ Ñandú";
    const lookalike = "123456789012345678901234567";
    const pendingOne = await data.createInvitation({ primaryGuest: nasty, maxGuests: 1 });
    const pendingSameKind = await data.createInvitation({ primaryGuest: "Beatriz Misma Clase", maxGuests: 1 });
    const pendingFour = await data.createInvitation({ primaryGuest: rtl, maxGuests: 4 });
    // The guests' own answers, through the RSVP route: names, a dietary note and a message with markup.
    const confirmed = await data.createInvitation({
      primaryGuest: lookalike,
      maxGuests: 3,
      confirmedGuests: ["Carla </textarea> Díaz", `${lookalike} Hijo`],
      dietary: { "Carla </textarea> Díaz": `sin "gluten" & <nueces>` },
      message: "¡Felicidades!\nNos vemos\u2028pronto <3 & más",
    });
    const declined = await data.createInvitation({ primaryGuest: "Diego O'Neill", maxGuests: 2 });
    await data.decline(declined);
    const longName = await data.createInvitation({ primaryGuest: `Familia ${"Extraordinariamente Larga ".repeat(4)}`.slice(0, 100), maxGuests: 2 });
    const scriptMessage = await data.createInvitation({
      primaryGuest: "Elena Salto",
      maxGuests: 1,
      confirmedGuests: [],
      message: "Lo siento — \\ </script> 'nos vemos'\nempieza con un salto",
    });
    data.close();

    const cases = [pendingOne, pendingSameKind, pendingFour, confirmed, declined, longName, scriptMessage];
    const codeCookie = async (code: string) => {
      const res = await get(templated.baseURL, `/i/${code}`, "");
      expect(res.status).toBe(302);
      return res.setCookie.map((c) => c.split(";")[0]).join("; ");
    };
    for (const invitation of cases) {
      const cookie = await codeCookie(invitation.code);
      for (const lng of ["es", "en"] as const) {
        // Twice: the first request of a kind makes its template, the second is served from it.
        for (let round = 0; round < 2; round++) {
          const [fromTemplate, fullRender] = await Promise.all([
            get(templated.baseURL, "/confirm", `${cookie}; ${languageCookie(lng)}`),
            get(rendered.baseURL, "/confirm", `${cookie}; ${languageCookie(lng)}`),
          ]);
          expect(fromTemplate.status).toBe(200);
          expect(fullRender.timing).toContain('page;desc="render"');
          expect(fromTemplate.timing, `${invitation.primaryGuest} (${lng})`).toContain('page;desc="template"');
          expect(withoutNonce(fromTemplate.body), `${invitation.primaryGuest} (${lng})`).toBe(withoutNonce(fullRender.body));
        }
      }
    }

    // Not a vacuous comparison: each page shows its own guest, escaped, and no other guest.
    const page = async (code: string) => (await get(templated.baseURL, "/confirm", await codeCookie(code))).body;
    const nastyPage = await page(pendingOne.code);
    expect(nastyPage).toContain("Ana &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Luis&#x27; &quot;el tío&quot; &amp;amp; 🎉");
    expect(nastyPage).not.toContain('<script>alert("x")');
    expect(nastyPage).not.toContain("Beatriz Misma Clase");
    const samePage = await page(pendingSameKind.code);
    expect(samePage).toContain("Beatriz Misma Clase");
    expect(samePage).not.toContain("Ana &lt;script");
    const confirmedPage = await page(confirmed.code);
    expect(confirmedPage).toContain("Carla &lt;/textarea&gt; Díaz");
    expect(confirmedPage).toContain("sin &quot;gluten&quot; &amp; &lt;nueces&gt;");
  });

  // React 18.3's Node renderer sent the unwritten bytes of its 2,048-byte views as U+0000 when a
  // character of 2, 3 or 4 bytes fell at a view's end ("Sebasti\0án"; render-document.server.ts).
  // The names here are runs of the character of many lengths, in invitations of 1, 3 and 5 seats
  // and confirmed ones of 8 (every guest's name and note shown), so the character lands across that
  // end at each of its bytes on many pages, with templates and without.
  // tests/unit/render-document.test.tsx checks every offset of each width on the renderer itself.
  for (const [character, bytes] of [
    ["á", 2],
    ["€", 3],
    ["😀", 4],
  ] as const) {
    test(`names with '${character}' (${bytes} bytes) of many lengths are written whole`, async () => {
      test.setTimeout(180_000);
      expect(Buffer.byteLength(character)).toBe(bytes);
      const data = new TestData(templated);
      // A name of at most 100 characters (the form's limit): a few letters, then "Sebasti", a run of
      // the character and "n" with a mark. The letters (0 to 4) move the run by each of its bytes and
      // the run's length moves everything after it; runs fill most of the page's guest texts, so
      // the end of a view falls inside one on almost every page.
      const longestRun = Math.floor((100 - 4 - "Sebasti".length - "n G6".length) / character.length);
      const name = (variant: number, mark: string) => `${"x".repeat(variant % 5)}Sebasti${character.repeat(1 + ((variant * 7) % longestRun))}n ${mark}`;
      const invitations: { code: string; names: string[] }[] = [];
      for (let variant = 0; variant < 90; variant++) {
        const pending = await data.createInvitation({ primaryGuest: name(variant, "P"), maxGuests: 1 + (variant % 3) * 2 });
        invitations.push({ code: pending.code, names: [pending.primaryGuest] });
        const others = Array.from({ length: 7 }, (_, i) => name(variant * (i + 2) + i, `G${i}`));
        const note = `sin ${character.repeat(1 + (variant % 30))} nueces`;
        const confirmed = await data.createInvitation({
          primaryGuest: name(variant + 3, "C"),
          maxGuests: 8,
          confirmedGuests: others,
          dietary: Object.fromEntries(others.map((other) => [other, note])),
        });
        invitations.push({ code: confirmed.code, names: [confirmed.primaryGuest, ...others] });
      }
      data.close();

      const problems: string[] = [];
      for (const { code, names } of invitations) {
        // A client of its own per guest, as on phones (the rate limits count per client).
        const client = uniqueClientAddress();
        const visit = await get(templated.baseURL, `/i/${code}`, "", client);
        expect(visit.status).toBe(302);
        const cookie = visit.setCookie.map((c) => c.split(";")[0]).join("; ");
        for (const server of [templated, rendered]) {
          const page = await get(server.baseURL, "/confirm", cookie, client);
          expect(page.status).toBe(200);
          const html = page.body;
          const where = `${names[0]} (${server === templated ? "templates" : "full render"})`;
          if (page.bytes.includes(0)) problems.push(`${where}: U+0000 at byte ${page.bytes.indexOf(0)}`);
          if (html.includes("\uFFFD")) problems.push(`${where}: U+FFFD`);
          for (const guest of names) if (!html.includes(guest)) problems.push(`${where}: ${guest} not whole`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
