import http from "node:http";
import { baseURL, expect, test, uniqueClientAddress } from "./fixtures";
import { untilReactRuns } from "./scripts-held";

/**
 * A guest's own /confirm page is kept whole between their visits while what it shows is unchanged
 * (docs/decisions/0038-*): the same guest gets the same bytes with the nonce their scripts carry,
 * another guest or another language gets a render of its own, and an answer shows at once.
 * The HTTP-level tests run once (JavaScript project).
 */

/** The answer, as text and as the bytes sent (no decoding on the way: a NUL or a cut character stays visible). */
function get(path: string, cookie: string, client = uniqueClientAddress()) {
  return new Promise<{ status: number; body: string; bytes: Buffer; timing: string; csp: string; setCookie: string[] }>((resolve, reject) => {
    const req = http.request(new URL(path, baseURL()), { headers: { Cookie: cookie, "X-Forwarded-For": client } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          body: bytes.toString("utf8"),
          bytes,
          timing: String(res.headers["server-timing"] ?? ""),
          csp: String(res.headers["content-security-policy"] ?? ""),
          setCookie: res.headers["set-cookie"] ?? [],
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The guest's cookies, as their personal link sets them. */
async function guestCookie(code: string, client: string) {
  const res = await get(`/i/${code}`, "", client);
  expect(res.status).toBe(302);
  return res.setCookie.map((c) => c.split(";")[0]).join("; ");
}

const languageCookie = (lng: "es" | "en") => `lng=${encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString("base64"))}`;

/** Every script's nonce in the page is the one the response's CSP allows. */
function expectScriptsAllowed(page: { body: string; csp: string }) {
  const allowed = page.csp.match(/'nonce-([^']+)'/)?.[1];
  expect(allowed).toBeTruthy();
  const scripts = [...page.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toContain(`nonce="${allowed}"`);
}

test.describe("a guest's own page, kept @js-only", () => {
  test("the same guest gets the same page again, with the nonce its scripts carry; another guest, language or answer gets its own", async ({ data }) => {
    const ana = await data.createInvitation({ primaryGuest: `Ana <b>"Ñandú" & 'Luis'</b> 🎉`, maxGuests: 2 });
    const bea = await data.createInvitation({ primaryGuest: "Beatriz Misma Clase", maxGuests: 2 });
    const client = uniqueClientAddress();
    const anaCookie = await guestCookie(ana.code, client);
    const beaCookie = await guestCookie(bea.code, client);

    const first = await get("/confirm", anaCookie, client);
    const second = await get("/confirm", anaCookie, client);
    expect(first.timing).toContain('page;desc="render"');
    expect(second.timing).toContain('page;desc="kept"');
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.body).toContain("Ana &lt;b&gt;&quot;Ñandú&quot; &amp; &#x27;Luis&#x27;&lt;/b&gt; 🎉");
    expectScriptsAllowed(first);
    expectScriptsAllowed(second);

    // Another guest of the same kind: their own render, their own name, never Ana's.
    const beaPage = await get("/confirm", beaCookie, client);
    expect(beaPage.timing).toContain('page;desc="render"');
    expect(beaPage.body).toContain("Beatriz Misma Clase");
    expect(beaPage.body).not.toContain("Ñandú");
    expect(beaPage.body).not.toContain(ana.code);
    expect((await get("/confirm", beaCookie, client)).body).not.toContain("Ñandú");

    // Another language: another page.
    // (The personal link stored the invitation's language, Spanish: that cookie is replaced.)
    const inEnglish = [...anaCookie.split("; ").filter((c) => !c.startsWith("lng=")), languageCookie("en")].join("; ");
    const english = await get("/confirm", inEnglish, client);
    expect(english.timing).toContain('page;desc="render"');
    expect(english.body).toContain('lang="en"');

    // The admin renames the invitation: the next page shows it, no kept page in the way.
    await data.updateInvitation(ana.id, { primaryGuest: "Ana Renombrada" });
    const renamed = await get("/confirm", anaCookie, client);
    expect(renamed.timing).toContain('page;desc="render"');
    expect(renamed.body).toContain("Ana Renombrada");
    expect(renamed.body).not.toContain("Ñandú");
  });

  test("a kept page runs its scripts, and the guest's answer shows at once", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Familia Guardada", maxGuests: 2 });
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`/i/${inv.code}`);
    await expect(page.getByRole("heading", { name: "Hola, Familia Guardada" })).toBeVisible();
    const again = await page.reload();
    expect(again?.headers()["server-timing"]).toContain('page;desc="kept"');
    // React takes the page over, so its scripts were allowed; a tap before that would post the
    // plain form instead (the page's no-JavaScript path), so the tap waits for it.
    const confirmButton = page.getByRole("button", { name: "Confirmar Asistencia" });
    await untilReactRuns(confirmButton);
    await confirmButton.click();
    const dialog = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Invitado Adicional 1").fill("Pedro Guardado");
    await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    // And after a reload, from the server: the answer, not the page kept before it.
    const response = await page.reload();
    expect(response?.headers()["server-timing"]).toContain('page;desc="render"');
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Invitados confirmados" }).getByRole("listitem")).toHaveText(["Familia Guardada", "Pedro Guardado"]);
    expect(refused).toEqual([]);
  });

  // React 18.3's Node renderer sent the unwritten bytes of its 2,048-byte views as U+0000 when a
  // character of 2, 3 or 4 bytes fell at a view's end ("Sebasti\0án"; render-document.server.ts).
  // The names here are runs of the character of many lengths, in invitations of 1, 3 and 5 seats
  // and confirmed ones of 8 (every guest's name and note shown), so the character lands across that
  // end at each of its bytes on many pages, rendered and then kept.
  // tests/unit/render-document.test.tsx checks every offset of each width on the renderer itself.
  for (const [character, bytes] of [
    ["á", 2],
    ["€", 3],
    ["😀", 4],
  ] as const) {
    test(`names with '${character}' (${bytes} bytes) of many lengths are written whole`, async ({ data }) => {
      test.setTimeout(180_000);
      expect(Buffer.byteLength(character)).toBe(bytes);
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

      const problems: string[] = [];
      for (const { code, names } of invitations) {
        // A client of its own per guest, as on phones (the rate limits count per client).
        const client = uniqueClientAddress();
        const visit = await get(`/i/${code}`, "", client);
        expect(visit.status).toBe(302);
        const cookie = visit.setCookie.map((c) => c.split(";")[0]).join("; ");
        for (const round of ["rendered", "kept"]) {
          const page = await get("/confirm", cookie, client);
          expect(page.status).toBe(200);
          expect(page.timing).toContain(`page;desc="${round === "rendered" ? "render" : "kept"}"`);
          const html = page.body;
          const where = `${names[0]} (${round})`;
          if (page.bytes.includes(0)) problems.push(`${where}: U+0000 at byte ${page.bytes.indexOf(0)}`);
          if (html.includes("\uFFFD")) problems.push(`${where}: U+FFFD`);
          for (const guest of names) if (!html.includes(guest)) problems.push(`${where}: ${guest} not whole`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
