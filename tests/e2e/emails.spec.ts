import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { freePort } from "../helpers/free-port";
import { smtpSink, type ReceivedEmail } from "../helpers/mail-sinks";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { chooseLanguage, expect, jsDisabled, startServer, TestData, test, unsubscribeToken } from "./fixtures";

/**
 * The guests' e-mails (decision 0044), against a real SMTP server (smtp-server on 127.0.0.1) and a
 * server of the site started for each test with SMTP_URL and PUBLIC_URL naming its own address, so
 * the personal link in an e-mail can be opened. JavaScript on and off; e-mails in Spanish and English.
 */
const PASSWORD = "e2e-admin-password";
const adminToken = { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` };
// Each test starts its own server and SMTP sink: more than the default test time on a busy machine.

async function mailServer() {
  const smtpPort = await freePort();
  const port = await freePort();
  const smtp = smtpSink(smtpPort);
  await smtp.start();
  const publicUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Valeria y Sebastián <boda@example.com>",
    MAIL_RATE_PER_MINUTE: "1000",
  });
  const data = new TestData(server);
  return {
    smtp,
    server,
    data,
    publicUrl,
    /** An invitation with an address (and a language), as the admin's API creates it. */
    invitation(primaryGuest: string, email: string, language: "es" | "en", opts: { declined?: boolean } = {}) {
      return data.createInvitation({ primaryGuest, maxGuests: 2, email, language, ...opts });
    },
    /**
     * The e-mails the SMTP server has accepted, once there are `count`, and once the site has heard
     * so and recorded each as sent: the server keeps an e-mail before it answers the site, so a
     * screen opened as soon as the e-mail arrived could still show it 'En cola'.
     */
    async received(count: number): Promise<ReceivedEmail[]> {
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(count);
      const sent = () => data.readDatabase<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE channel = 'email' AND state = 'sent'")[0].n;
      await expect.poll(sent, { timeout: 15_000 }).toBe(count);
      return smtp.received;
    },
    async stop() {
      data.close();
      await server.stop();
      await smtp.stop();
    },
  };
}

async function login(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/admin`);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
}

/** Reads a QR code out of a PNG the way a phone camera would. */
async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).flatten({ background: "#fff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

/** The e-mail's inline QR code, decoded. */
async function qrOf(mail: ReceivedEmail): Promise<string | null> {
  const cid = /src="cid:([^"]+)"/.exec(mail.html)?.[1];
  const image = cid ? mail.inline.get(cid) : undefined;
  return image ? decodeQr(image.content) : null;
}

/** Confirms a bulk send: a dialog with JavaScript, the `?confirm=` step without; both say how many. */
async function confirmBulk(page: Page, button: string, question: string, yes: string, noJs: boolean) {
  await page.getByRole(noJs ? "link" : "button", { name: button }).click();
  const step = noJs ? page.getByRole("alertdialog", { name: "¿Enviar estos correos?" }) : page.getByRole("dialog", { name: "¿Enviar estos correos?" });
  await expect(step.getByText(question)).toBeVisible();
  if (!noJs) await expect(step.getByRole("button", { name: yes })).toBeFocused();
  await step.getByRole("button", { name: yes }).click();
}

test.describe("invitation and reminder e-mails", () => {
  test("'Enviar invitación por correo' in the share panel: the e-mail arrives in the invitation's language, its link opens the invitation and its QR decodes to it", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const site = await mailServer();
    try {
      const inv = await site.invitation("Grace Hopper", "grace@example.com", "en");
      await login(page, site.server.baseURL);
      await page.goto(`${site.server.baseURL}/admin/invitations`);
      await page.getByLabel("Compartir la invitación de Grace Hopper").click();
      const panel = page.getByRole("group", { name: "Invitación de Grace Hopper: enlace y código QR" });
      await expect(panel.getByText("a grace@example.com")).toBeVisible();
      await panel.getByRole("button", { name: "Enviar invitación por correo" }).click();
      await expect(page.getByText("Invitación en cola: se enviará en unos instantes.").filter({ visible: true }).first()).toBeVisible();

      const [mail] = await site.received(1);
      const link = `${site.publicUrl}/i/${inv.code}`;
      expect(mail.to).toEqual(["grace@example.com"]);
      expect(mail.subject).toBe("Valeria & Sebastián invite you to their wedding");
      expect(mail.text).toContain("Hello, Grace Hopper!");
      expect(mail.text).toContain("January 17, 2031");
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(await qrOf(mail)).toBe(link);
      // Only the database keeps when the invitation was e-mailed.
      expect(
        site.data.readDatabase<{ invitation_emailed_at: string | null }>("SELECT invitation_emailed_at FROM invitations WHERE id = ?", inv.id)[0]
          .invitation_emailed_at,
      ).not.toBeNull();

      // The panel now says it was sent (with JavaScript it stayed open; without, the page is new);
      // sending again is a deliberate second click, not a replay.
      if (jsDisabled(testInfo)) await page.getByLabel("Compartir la invitación de Grace Hopper").click();
      await expect(panel.getByRole("button", { name: "Enviar invitación por correo de nuevo" })).toBeVisible();

      // The guest opens the link from the e-mail: their invitation, in English.
      const guest = await page.context().browser()!.newPage();
      await guest.goto(link);
      await expect(guest.getByRole("heading", { name: "Hello, Grace Hopper" })).toBeVisible();
      await expect(guest.locator("html")).toHaveAttribute("lang", "en");
      await guest.close();
    } finally {
      await site.stop();
    }
  });

  test("'Enviar invitación por correo a todos' on Correos: after a confirmation with the number, each arrives once in its own language; the screen shows them sent", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const site = await mailServer();
    try {
      const ana = await site.invitation("Ana Pérez", "ana@example.com", "es");
      const john = await site.invitation("John Smith", "john@example.com", "en");
      await site.invitation("Ya Enviada", "ya@example.com", "es");
      await site.data.createInvitation({ primaryGuest: "Sin Correo" });
      await login(page, site.server.baseURL);
      // One was sent already, from its share panel.
      await page.goto(`${site.server.baseURL}/admin/invitations`);
      await page.getByLabel("Compartir la invitación de Ya Enviada").click();
      await page
        .getByRole("group", { name: "Invitación de Ya Enviada: enlace y código QR" })
        .getByRole("button", { name: "Enviar invitación por correo" })
        .click();
      await site.received(1);
      await page.goto(`${site.server.baseURL}/admin`);
      await page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Correos" }).click();
      await expect(page.getByText("2 invitaciones con correo aún no han recibido la suya.")).toBeVisible();
      await confirmBulk(
        page,
        "Enviar invitación por correo a todos",
        "Se enviará la invitación por correo a 2 invitaciones.",
        "Enviar 2 correos",
        jsDisabled(testInfo),
      );
      await expect(page.getByText("2 invitaciones en cola.").filter({ visible: true }).first()).toBeVisible();
      await expect(page.getByText("0 invitaciones con correo aún no han recibido la suya.")).toBeVisible();

      const mails = (await site.received(3)).filter((m) => m.to[0] !== "ya@example.com");
      const byAddress = Object.fromEntries(mails.map((m) => [m.to[0], m]));
      expect(byAddress["ana@example.com"].subject).toBe("Valeria & Sebastián te invitan a su boda");
      expect(byAddress["ana@example.com"].text).toContain("¡Hola, Ana Pérez!");
      expect(byAddress["ana@example.com"].text).toContain("17 de enero de 2031");
      expect(await qrOf(byAddress["ana@example.com"])).toBe(`${site.publicUrl}/i/${ana.code}`);
      expect(byAddress["john@example.com"].subject).toBe("Valeria & Sebastián invite you to their wedding");
      expect(await qrOf(byAddress["john@example.com"])).toBe(`${site.publicUrl}/i/${john.code}`);

      await page.reload();
      const rows = page.getByRole("region", { name: "Mensajes" }).getByRole("row");
      await expect(rows.filter({ hasText: "ana@example.com" })).toContainText("Invitación");
      await expect(rows.filter({ hasText: "ana@example.com" })).toContainText("Enviado");
      await expect(rows.filter({ hasText: "john@example.com" })).toContainText("Enviado");
      // Nothing was queued twice, and nothing again for the one already sent (the admin's outbox API).
      const outbox = await (await page.request.get(`${site.server.baseURL}/api/outbox`, { headers: adminToken })).json();
      expect(outbox.messages.map((m: { recipient: string }) => m.recipient).sort()).toEqual(["ana@example.com", "john@example.com", "ya@example.com"]);
    } finally {
      await site.stop();
    }
  });

  test("'Enviar recordatorio a todos por correo': a reminder arrives in the invitation's language and is recorded; the screen shows each state", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const site = await mailServer();
    try {
      const pending = await site.invitation("Ada Lovelace", "ada@example.com", "en");
      const recent = await site.invitation("Recordada Hoy", "hoy@example.com", "es");
      await site.invitation("Ya Respondió", "si@example.com", "es", { declined: true });
      await login(page, site.server.baseURL);
      // Reminded a moment ago (its message copied on 'Por responder'): not again within 3 days.
      await page.goto(`${site.server.baseURL}/admin/reminders`);
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Recordada Hoy", exact: true }) });
      if (jsDisabled(testInfo)) {
        await card.getByText("Copiar mensaje").click();
        await card.getByRole("button", { name: "Marcar como recordado" }).click();
      } else {
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await card.getByRole("button", { name: "Copiar mensaje para Recordada Hoy" }).click();
      }
      await expect(card.getByText(/\(1 vez\)$/)).toBeVisible();
      expect((await site.data.invitation(recent.id))?.reminderCount).toBe(1);
      await page.goto(`${site.server.baseURL}/admin/emails`);
      await expect(page.getByText("1 invitación pendiente con correo no ha recibido un recordatorio en los últimos 3 días.")).toBeVisible();
      await confirmBulk(
        page,
        "Enviar recordatorio a todos por correo",
        "Se enviará un recordatorio por correo a 1 invitación pendiente.",
        "Enviar 1 correo",
        jsDisabled(testInfo),
      );
      await expect(page.getByText("1 recordatorio en cola.").filter({ visible: true }).first()).toBeVisible();

      const [mail] = await site.received(1);
      expect(mail.to).toEqual(["ada@example.com"]);
      expect(mail.subject).toBe("Reminder: please RSVP by December 17, 2030");
      expect(mail.text).toContain(`${site.publicUrl}/i/${pending.code}`);
      expect(await qrOf(mail)).toBe(`${site.publicUrl}/i/${pending.code}`);
      const recorded = await site.data.invitation(pending.id);
      expect(recorded?.reminderCount).toBe(1);
      expect(recorded?.remindedAt).not.toBeNull();

      // With the mail server down, an invitation sent from its share panel waits 'En cola' after its first try.
      await site.smtp.stop();
      await site.invitation("Espera Servidor", "espera@example.com", "es");
      await page.goto(`${site.server.baseURL}/admin/invitations`);
      await page.getByLabel("Compartir la invitación de Espera Servidor").click();
      await page
        .getByRole("group", { name: "Invitación de Espera Servidor: enlace y código QR" })
        .getByRole("button", { name: "Enviar invitación por correo" })
        .click();
      await expect(page.getByText("Invitación en cola: se enviará en unos instantes.").filter({ visible: true }).first()).toBeVisible();

      await page.goto(`${site.server.baseURL}/admin/emails`);
      const rows = page.getByRole("region", { name: "Mensajes" }).getByRole("row");
      await expect
        .poll(
          async () => {
            await page.reload();
            return (await rows.filter({ hasText: "espera@example.com" }).textContent()) ?? "";
          },
          { timeout: 15_000 },
        )
        .toContain("1 intento");
      await expect(rows.filter({ hasText: "espera@example.com" })).toContainText("En cola");

      // An invitation queued (the server still down) before its guest used 'Ya no quiero recibir
      // correos' (tests/e2e/unsubscribe.spec.ts): it never goes.
      await site.invitation("Sin Correos", "basta@example.com", "es");
      await page.goto(`${site.server.baseURL}/admin/invitations`);
      await page.getByLabel("Compartir la invitación de Sin Correos").click();
      await page
        .getByRole("group", { name: "Invitación de Sin Correos: enlace y código QR" })
        .getByRole("button", { name: "Enviar invitación por correo" })
        .click();
      await expect(page.getByText("Invitación en cola: se enviará en unos instantes.").filter({ visible: true }).first()).toBeVisible();
      const guest = await page.context().browser()!.newPage();
      await guest.goto(`${site.server.baseURL}/unsubscribe/${unsubscribeToken("basta@example.com", "es")}`);
      await guest.getByRole("button", { name: "Ya no quiero recibir correos" }).click();
      await expect(guest.getByRole("heading", { name: "Listo" })).toBeVisible();
      await guest.close();
      await page.goto(`${site.server.baseURL}/admin/emails`);
      await expect(rows.filter({ hasText: "basta@example.com" })).toContainText("Falló");
      await expect(rows.filter({ hasText: "basta@example.com" })).toContainText("pidió no recibir correos");
      await expect(rows.filter({ hasText: "ada@example.com" })).toContainText("Recordatorio");
      await expect(rows.filter({ hasText: "ada@example.com" })).toContainText("Enviado");
      expect(site.smtp.received).toHaveLength(1);
    } finally {
      await site.stop();
    }
  });
});

test.describe("the Correos screen's accessibility", () => {
  test("the screen with its messages, and the bulk send's confirmation, pass axe", async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const noJs = jsDisabled(testInfo);
    const site = await mailServer();
    const page = await a11yPage(browser, {}, noJs);
    try {
      await site.invitation("Ana Pérez", "ana@example.com", "es");
      await site.invitation("John Smith", "john@example.com", "en");
      await login(page, site.server.baseURL);
      await page.goto(`${site.server.baseURL}/admin/invitations`);
      await page.getByLabel("Compartir la invitación de Ana Pérez").click();
      await page.getByRole("button", { name: "Enviar invitación por correo" }).click();
      await site.received(1);
      await page.goto(`${site.server.baseURL}/admin/emails`);
      await expect(page.getByRole("region", { name: "Mensajes" }).getByRole("row").filter({ hasText: "ana@example.com" })).toContainText("Enviado");
      await expectNoSeriousA11yViolations(page, "/admin/emails");
      if (noJs) await page.goto(`${site.server.baseURL}/admin/emails?confirm=sendAllInvitationEmails`);
      else await page.getByRole("button", { name: "Enviar invitación por correo a todos" }).click();
      await expect(page.getByText("Se enviará la invitación por correo a 1 invitación.")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/admin/emails, the confirmation");
    } finally {
      await page.context().close();
      await site.stop();
    }
  });
});

test.describe("without SMTP_URL", () => {
  test("no e-mail control shows and no Correos tab", async ({ page, data }) => {
    await data.createInvitation({ primaryGuest: "Sin Servidor", email: "sin@example.com" });
    await page.goto("/admin");
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Acceder" }).click();
    const tabs = page.getByRole("navigation", { name: "Secciones del panel" });
    await expect(tabs.getByRole("link", { name: "Invitaciones" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Correos" })).toHaveCount(0);
    await page.goto("/admin/invitations");
    await page.getByLabel("Compartir la invitación de Sin Servidor").click();
    const panel = page.getByRole("group", { name: "Invitación de Sin Servidor: enlace y código QR" });
    await expect(panel.getByLabel("Enlace personal")).toBeVisible();
    await expect(panel.getByRole("button", { name: /correo/ })).toHaveCount(0);
  });

  test("Correos says e-mail is off and which settings turn it on, inside the admin panel; Crear's e-mail field says what it is for", async ({ page }) => {
    await page.goto("/admin");
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toBeVisible();

    await page.goto("/admin/create");
    const field = page.getByLabel("Correo electrónico");
    await expect(field).toHaveAccessibleDescription(
      "Opcional. Para enviarle la invitación y los recordatorios por correo, cuando el envío de correos esté activado. Cómo activarlo",
    );
    await page.getByRole("link", { name: "Cómo activarlo" }).click();
    await expect(page).toHaveURL(/\/admin\/emails$/);
    const response = await page.request.get("/admin/emails");
    expect(response.status()).toBe(200);
    await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "El envío de correos está desactivado" })).toBeVisible();
    await expect(page.getByText("consulta el README, sección 'Configuration'")).toBeVisible();
    for (const name of ["SMTP_URL", "MAIL_FROM", "PUBLIC_URL"]) await expect(page.getByRole("listitem").filter({ hasText: name })).toBeVisible();

    await chooseLanguage(page, "en");
    await page.goto("/admin/emails");
    await expect(page.getByRole("navigation", { name: "Panel sections" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sending e-mail is turned off" })).toBeVisible();
    await expect(page.getByText("see the README, section 'Configuration'")).toBeVisible();
    await page.goto("/admin/create");
    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription(
      "Optional. Used to send them the invitation and reminders by e-mail, once sending e-mail is turned on. How to turn it on",
    );
  });
});
