import type { BrowserContext, Page } from "@playwright/test";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { baseURL, chooseLanguage, expect, jsDisabled, test, uniqueClientAddress, type TestData } from "./fixtures";

/** Guests' contacts, 'Abrió la invitación', 'Abrieron sin responder' and the 'Por responder' reminders (decision 0031). */

const PASSWORD = "e2e-admin-password";
const ES = { password: "Contraseña", submit: "Acceder", title: "Panel de Administración" };
const EN = { password: "Password", submit: "Sign in", title: "Admin Panel" };

async function login(page: Page, texts = ES) {
  await page.goto("/admin");
  await page.getByLabel(texts.password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: texts.submit }).click();
  await expect(page.getByRole("heading", { name: texts.title, exact: true })).toBeVisible();
}

/** A tag unique to the test, so rows created by other tests never match its search. */
const tag = () => Math.random().toString(36).slice(2, 7);

/** The invitations table's row of a primary guest. */
const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

/** wa.me is answered here: the tests never leave the machine. */
async function fakeWhatsApp(context: BrowserContext) {
  await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "WhatsApp" }));
}

/** An invitation with its contacts; the phone in E.164 digits (sent with its '+', as the admin would type it). */
function withContacts(data: TestData, primaryGuest: string, contacts: { phone?: string; email?: string; language?: "es" | "en" }) {
  return data.createInvitation({
    primaryGuest,
    phone: contacts.phone ? `+${contacts.phone}` : null,
    email: contacts.email ?? null,
    language: contacts.language ?? "es",
  });
}

test.describe("contacts", () => {
  test("Crear stores a phone typed without a country code in E.164, and the share panel's WhatsApp opens that chat", async ({ page, data }) => {
    const t = tag();
    await login(page);
    await page.goto("/admin/create");
    await page.getByLabel("Invitado Principal").fill(`Familia Contacto ${t}`);
    await page.getByLabel("Teléfono (WhatsApp)").fill("12-34");
    await page.getByLabel("Correo electrónico").fill(`Familia.${t}@Example.com`);
    await page.getByRole("button", { name: "Crear Invitación" }).click();
    // Refused in the admin's language, nothing created, what was typed kept.
    await expect(page.getByText("Teléfono no válido").filter({ visible: true }).first()).toBeVisible();
    expect(await data.invitationsNamed(`Familia Contacto ${t}`)).toEqual([]);
    await expect(page.getByLabel("Invitado Principal")).toHaveValue(`Familia Contacto ${t}`);

    await page.getByLabel("Teléfono (WhatsApp)").fill("6123-4567");
    await page.getByRole("button", { name: "Crear Invitación" }).click();
    await expect(page.getByText("Invitación creada exitosamente").first()).toBeAttached();
    const [created] = await data.invitationsNamed(`Familia Contacto ${t}`);
    data.trackInvitation(created.id);
    expect([created.phone, created.email]).toEqual(["50761234567", `familia.${t}@example.com`]);

    await page.goto(`/admin/invitations?q=${t}`);
    await expect(row(page, `Familia Contacto ${t}`).getByText("WhatsApp: +50761234567")).toBeVisible();
    await page.getByLabel(`Compartir la invitación de Familia Contacto ${t}`).click();
    const href = await page
      .getByRole("group", { name: `Invitación de Familia Contacto ${t}: enlace y código QR` })
      .getByRole("link", { name: "Enviar por WhatsApp" })
      .getAttribute("href");
    expect(href).toMatch(/^https:\/\/wa\.me\/50761234567\?text=/);
    expect(decodeURIComponent((href ?? "").split("?text=")[1])).toContain(`¡Hola, Familia Contacto ${t}!`);
  });

  test("in English, 'Edit Invitation' sets an international phone and an e-mail, and refuses a bad e-mail in English", async ({ page, data }) => {
    const t = tag();
    const inv = await data.createInvitation({ primaryGuest: `Cousin ${t}` });
    await chooseLanguage(page, "en");
    await login(page, EN);
    await page.goto(`/admin/invitations?q=${t}`);
    await page.getByRole("link", { name: `Edit Cousin ${t}'s invitation` }).click();
    const form = page.getByRole("dialog", { name: "Edit Invitation" }).or(page.getByRole("region", { name: "Edit Invitation" }));
    await expect(form.getByText("Has not opened the invitation yet")).toBeVisible();
    await form.getByLabel("Phone (WhatsApp)").fill("+44 20 7946 0958");
    // The browser lets "x@host" through (type=email); the server wants a domain with a dot.
    await form.getByLabel("E-mail").fill("cousin@localhost");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Invalid e-mail address").filter({ visible: true }).first()).toBeVisible();
    expect(await data.invitation(inv.id)).toMatchObject({ phone: null, email: null });
    // What was typed is still there, with and without JavaScript.
    await expect(form.getByLabel("Phone (WhatsApp)")).toHaveValue("+44 20 7946 0958");

    await form.getByLabel("E-mail").fill(` Cousin.${t}@Example.org `);
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Invitation" }).or(page.getByRole("region", { name: "Edit Invitation" }))).toHaveCount(0);
    expect(await data.invitation(inv.id)).toMatchObject({ phone: "442079460958", email: `cousin.${t}@example.org` });
    await expect(row(page, `Cousin ${t}`).getByText("WhatsApp: +442079460958")).toBeVisible();
  });
});

test.describe("who opened their invitation", () => {
  test("a guest opening the personal link marks it; the admin's own visit does not; 'Abrieron sin responder' lists it", async ({ page, data, browser }) => {
    const t = tag();
    const opened = await data.createInvitation({ primaryGuest: `Vio ${t}` });
    const notYet = await data.createInvitation({ primaryGuest: `Sin ver ${t}` });
    const answered = await data.createInvitation({ primaryGuest: `Respondió ${t}`, confirmedGuests: [] });
    // The guests, on their own phones.
    for (const inv of [opened, answered]) {
      const guest = await browser.newContext({ baseURL: baseURL(), extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
      const guestPage = await guest.newPage();
      await guestPage.goto(`/i/${inv.code}`);
      await expect(guestPage).toHaveURL(/\/confirm$/);
      await guest.close();
    }
    await login(page);
    // The admin trying a link is not a guest opening it.
    await page.goto(`/i/${notYet.code}`);
    await page.goto(`/admin/invitations?q=${t}`);
    await expect(row(page, `Vio ${t}`).getByText(/^Abrió la invitación el \d+ de \p{L}+ de \d{4}$/u)).toBeVisible();
    await expect(row(page, `Sin ver ${t}`).getByText(/Abrió la invitación el/)).toHaveCount(0);
    expect((await data.invitation(notYet.id))?.openedFirstAt).toBeNull();

    await page.getByRole("navigation", { name: "Filtrar por estado" }).getByRole("link", { name: "Abrieron sin responder" }).click();
    await expect(page).toHaveURL(/status=opened/);
    await expect(page.getByRole("link", { name: "Abrieron sin responder" })).toHaveAttribute("aria-current", "page");
    await expect(row(page, `Vio ${t}`)).toBeVisible();
    await expect(row(page, `Sin ver ${t}`)).toHaveCount(0);
    await expect(row(page, `Respondió ${t}`)).toHaveCount(0);
  });
});

test.describe("'Por responder' reminders", () => {
  test("'Recordar por WhatsApp' opens the guest's chat with the reminder in the invitation's language, and is recorded", async ({
    page,
    data,
    context,
  }, testInfo) => {
    const t = tag();
    const inv = await withContacts(data, `John ${t}`, { phone: "12125550123", language: "en" });
    await fakeWhatsApp(context);
    await login(page);
    await page.goto("/admin/invitations");
    await page.getByRole("link", { name: /^Por responder \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { name: /^Por responder \(\d+\)$/ })).toBeVisible();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `John ${t}`, exact: true }) });
    await expect(card.getByText("Sin recordatorios")).toBeVisible();
    const popup = page.waitForEvent("popup");
    if (jsDisabled(testInfo)) {
      // Without JavaScript a button posts the reminder (a GET records nothing), then wa.me opens.
      await card.getByRole("button", { name: `Recordar por WhatsApp a John ${t}` }).click();
      const whatsApp = await popup;
      await whatsApp.waitForURL(/^https:\/\/wa\.me\//);
      expectReminder(whatsApp.url(), t, inv.code);
      await page.reload();
    } else {
      const link = card.getByRole("link", { name: `Recordar por WhatsApp a John ${t}` });
      expectReminder((await link.getAttribute("href")) ?? "", t, inv.code);
      await link.click();
      await (await popup).waitForURL(/^https:\/\/wa\.me\/12125550123\?text=/);
      await expect(page.getByText("Recordatorio registrado").first()).toBeAttached();
    }
    await expect(card.getByText(/^Recordado el \d+ de \p{L}+ de \d{4} \(1 vez\)$/u)).toBeVisible();
    expect((await data.invitation(inv.id))?.reminderCount).toBe(1);
  });

  test("opening the reminder's address (a link preview, a prefetch) records nothing: only the button's POST does", async ({ page, data }) => {
    const t = tag();
    const inv = await withContacts(data, `Vista ${t}`, { phone: "12125550123" });
    await login(page);
    const visits: Record<string, string>[] = [{}, { "Sec-Purpose": "prefetch" }, { "User-Agent": "WhatsApp/2.23.20.0" }];
    for (const headers of visits) {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await page.request.fetch(`/admin/reminders/${inv.id}/whatsapp`, { method, headers, maxRedirects: 0 });
        expect(res.status()).toBe(302);
        expect(res.headers()["location"]).toBe("/admin/reminders");
      }
    }
    expect((await data.invitation(inv.id))?.reminderCount).toBe(0);
    await page.goto("/admin/reminders");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Vista ${t}`, exact: true }) });
    await expect(card.getByText("Sin recordatorios")).toBeVisible();
  });

  test("'Copiar mensaje' gives the message and is recorded; an answered invitation is not listed", async ({ page, data, context }, testInfo) => {
    const t = tag();
    const inv = await withContacts(data, `Prima ${t}`, {});
    await data.createInvitation({ primaryGuest: `Contestó ${t}`, confirmedGuests: [] });
    await login(page);
    await page.goto("/admin/reminders");
    await expect(page.getByRole("heading", { name: `Contestó ${t}` })).toHaveCount(0);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Prima ${t}`, exact: true }) });
    await expect(card.getByText("Sin teléfono: WhatsApp pedirá el contacto.")).toBeVisible();
    if (jsDisabled(testInfo)) {
      await expect(card.getByRole("button", { name: `Recordar por WhatsApp a Prima ${t}` })).toBeVisible();
      await card.getByText("Copiar mensaje").click();
      const text = card.getByLabel(`Mensaje para Prima ${t}`);
      await expect(text).toHaveValue(new RegExp(`^¡Hola, Prima ${t}! .*17 de diciembre de 2030.*${baseURL()}/i/${inv.code}$`));
      await card.getByRole("button", { name: "Marcar como recordado" }).click();
    } else {
      await expect(card.getByRole("link", { name: `Recordar por WhatsApp a Prima ${t}` })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await card.getByRole("button", { name: `Copiar mensaje para Prima ${t}` }).click();
      await expect(page.getByText("Mensaje copiado").filter({ visible: true }).first()).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^¡Hola, Prima ${t}! .*17 de diciembre de 2030.*/i/${inv.code}$`));
    }
    await expect(card.getByText(/^Recordado el .+ \(1 vez\)$/)).toBeVisible();
    expect((await data.invitation(inv.id))?.reminderCount).toBe(1);
  });

  test("in English: 'Awaiting answer', 'Remind on WhatsApp' with the Spanish guest's message in Spanish", async ({ page, data }, testInfo) => {
    const t = tag();
    await withContacts(data, `Tía ${t}`, { phone: "50761234567" });
    await chooseLanguage(page, "en");
    await login(page, EN);
    await page.goto("/admin/invitations");
    await page.getByRole("link", { name: /^Awaiting answer \(\d+\)$/ }).click();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Tía ${t}`, exact: true }) });
    await expect(card.getByText("WhatsApp: +50761234567")).toBeVisible();
    await expect(card.getByText("No reminders yet")).toBeVisible();
    const remind = card.getByRole(jsDisabled(testInfo) ? "button" : "link", { name: `Remind on WhatsApp: Tía ${t}` });
    await expect(remind).toBeVisible();
    await expect(page.getByText("Invitations without an answer. Guests can reply until December 17, 2030.")).toBeVisible();
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`'Por responder' and the contacts in the table pass axe, ${colorScheme}`, async ({ browser, data, extraHTTPHeaders }, testInfo) => {
    const page = await a11yPage(browser, { baseURL: baseURL(), locale: "es-ES", colorScheme, extraHTTPHeaders }, jsDisabled(testInfo));
    try {
      await page.context().addCookies([{ name: "theme", value: Buffer.from(JSON.stringify(colorScheme)).toString("base64"), url: baseURL() }]);
      const t = tag();
      const inv = await withContacts(data, `Axe ${t}`, { phone: "50761234567", email: `axe.${t}@example.com` });
      // The guest opens the personal link on their phone; the admin reminds them (the message copied).
      const guest = await browser.newContext({ baseURL: baseURL(), extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
      await (await guest.newPage()).goto(`/i/${inv.code}`);
      await guest.close();
      await login(page);
      await page.goto("/admin/reminders");
      const reminded = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Axe ${t}`, exact: true }) });
      if (jsDisabled(testInfo)) {
        await reminded.getByText("Copiar mensaje").click();
        await reminded.getByRole("button", { name: "Marcar como recordado" }).click();
      } else {
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await reminded.getByRole("button", { name: `Copiar mensaje para Axe ${t}` }).click();
      }
      await expect(reminded.getByText(/\(1 vez\)$/)).toBeVisible();
      await page.goto(`/admin/invitations?q=${t}`);
      await expect(row(page, `Axe ${t}`).getByText(/^Abrió la invitación el \d+ de \p{L}+ de \d{4}$/u)).toBeVisible();
      await expectNoSeriousA11yViolations(page, "invitations with contacts and openings");
      await page.goto("/admin/reminders");
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Axe ${t}`, exact: true }) });
      await expect(card.getByText(/^Recordado el \d+ de \p{L}+ de \d{4} \(1 vez\)$/u)).toBeVisible();
      await expectNoSeriousA11yViolations(page, "por responder");
    } finally {
      await page.context().close();
    }
  });
}

/** A wa.me link to the English guest's chat with the reminder in English. */
function expectReminder(href: string, t: string, code: string) {
  expect(href).toMatch(/^https:\/\/wa\.me\/12125550123\?text=/);
  const message = decodeURIComponent(href.split("?text=")[1]);
  expect(message).toContain(`Hi John ${t}!`);
  expect(message).toContain("December 17, 2030");
  expect(message).toContain(`${baseURL()}/i/${code}`);
}
