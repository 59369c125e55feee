import { expect, test } from "./fixtures";

// HTTP-level checks; no page rendering involved, so they run once (JavaScript project).
test.describe("cookies and headers @js-only", () => {
  test("the guest cookie is HttpOnly and SameSite, and Secure behind an HTTPS proxy", async ({ request, data }) => {
    const { code } = data.createInvitation();
    const plain = await request.post("/confirm", { form: { intent: "verify", code }, maxRedirects: 0 });
    const plainCookies = plain.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
    const guest = plainCookies.find((c) => c.startsWith("wedding_invitation="));
    expect(guest).toMatch(/HttpOnly/i);
    expect(guest).toMatch(/SameSite=Lax/i);
    expect(guest).not.toMatch(/Secure/i);

    const https = await request.post("/confirm", {
      form: { intent: "verify", code },
      headers: { "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    const secureCookies = https.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
    for (const cookie of secureCookies) expect(cookie).toMatch(/Secure/i);
    expect(secureCookies.length).toBeGreaterThan(0);
  });

  test("a tampered guest cookie is ignored", async ({ browser, data }) => {
    const inv = data.createInvitation({ primaryGuest: "Nadia Cruz" });
    const context = await browser.newContext({ locale: "es-ES" });
    const value = Buffer.from(JSON.stringify(inv.code)).toString("base64");
    await context.addCookies([{ name: "wedding_invitation", value: `${value}.forgedsignature`, url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);
    const page = await context.newPage();
    await page.goto("/confirm");
    await expect(page.getByLabel("Código de Invitación")).toBeVisible();
    await expect(page.getByText("Nadia Cruz")).toHaveCount(0);
    await context.close();
  });

  test("theme and language answers are safe redirects only", async ({ request }) => {
    const theme = await request.post("/action/set-theme", { form: { theme: "dark", redirectTo: "https://evil.example/" }, maxRedirects: 0 });
    expect(theme.status()).toBe(302);
    expect(theme.headers()["location"]).toBe("/");
    const lang = await request.post("/action/set-language", { form: { lng: "en", redirectTo: "//evil.example" }, maxRedirects: 0 });
    expect(lang.headers()["location"]).toBe("/");
    const themeCookie = theme.headers()["set-cookie"];
    expect(themeCookie).toMatch(/HttpOnly/i);
    expect(themeCookie).toMatch(/SameSite=Lax/i);
  });
});
