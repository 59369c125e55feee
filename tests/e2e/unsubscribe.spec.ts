import crypto from "node:crypto";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { chooseLanguage, expect, jsDisabled, TestData, test } from "./fixtures";

/**
 * The link every e-mail carries, 'Ya no quiero recibir correos'. The token is made here as
 * the site makes it (app/infra/unsubscribe-token.server.ts: the address and language, HMAC-SHA256
 * under the session secret), as a mail the site sent would carry it.
 */
function tokenFor(email: string, language: "es" | "en", secret = process.env.E2E_SESSION_SECRET!) {
  const body = Buffer.from(JSON.stringify({ e: email, l: language })).toString("base64url");
  return `${body}.${crypto.createHmac("sha256", secret).update(`unsubscribe\u0000${body}`).digest("base64url")}`;
}

/** Whether the address is on the list of those that asked for no e-mail: only the database holds it. */
function suppressed(email: string): boolean {
  const data = new TestData();
  try {
    return data.readDatabase("SELECT email FROM suppressed_emails WHERE email = ?", email).length > 0;
  } finally {
    data.close();
  }
}

const uniqueAddress = () => `invitado-${crypto.randomUUID().slice(0, 8)}@example.com`;

test.describe("unsubscribe", () => {
  test("the link shows a page, the button stops the e-mails, and says so", async ({ page }) => {
    const email = uniqueAddress();
    await page.goto(`/unsubscribe/${tokenFor(email, "es")}`);
    await expect(page.getByRole("heading", { name: "Correos de la boda" })).toBeVisible();
    await expect(page.getByText(`¿Ya no quieres recibir correos de la boda de Valeria & Sebastián en ${email}?`)).toBeVisible();
    // Opening the link (as a mail scanner does) changes nothing.
    expect(suppressed(email)).toBe(false);

    await page.getByRole("button", { name: "Ya no quiero recibir correos" }).click();
    await expect(page.getByRole("heading", { name: "Listo" })).toBeVisible();
    await expect(page.getByText(`No enviaremos más correos a ${email}.`)).toBeVisible();
    expect(suppressed(email)).toBe(true);

    // The link opened again says it is done.
    await page.reload();
    await expect(page.getByText(`No enviaremos más correos a ${email}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Ya no quiero recibir correos" })).toHaveCount(0);
  });

  test("an English e-mail's link speaks English, whatever the site's language", async ({ page }) => {
    const email = uniqueAddress();
    await chooseLanguage(page, "es");
    await page.goto(`/unsubscribe/${tokenFor(email, "en")}`);
    const section = page.locator("section[lang=en]");
    await expect(section.getByRole("heading", { name: "Wedding e-mails" })).toBeVisible();
    await section.getByRole("button", { name: "Stop e-mailing me" }).click();
    await expect(section.getByText(`We won't e-mail ${email} again.`)).toBeVisible();
    expect(suppressed(email)).toBe(true);
  });

  test("the page and its confirmation pass axe, with 44px targets", async ({ browser }, testInfo) => {
    const page = await a11yPage(browser, testInfo.project.use, jsDisabled(testInfo));
    await page.goto(`/unsubscribe/${tokenFor(uniqueAddress(), "es")}`);
    const button = page.getByRole("button", { name: "Ya no quiero recibir correos" });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yViolations(page, "unsubscribe");
    await button.click();
    await expect(page.getByRole("heading", { name: "Listo" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "unsubscribe done");
    await page.context().close();
  });

  test("a link whose signature is not the site's is refused and changes nothing", async ({ page }) => {
    const email = uniqueAddress();
    const response = await page.goto(`/unsubscribe/${tokenFor(email, "es", "another-secret-of-16+chars")}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Este enlace no es válido. Copia el enlace completo del correo que recibiste.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Ya no quiero recibir correos" })).toHaveCount(0);
    const post = await page.request.post(`/unsubscribe/${tokenFor(email, "es", "another-secret-of-16+chars")}`, { maxRedirects: 0 });
    expect(post.status()).toBe(404);
    expect(suppressed(email)).toBe(false);
  });
});
