import type { Page } from "@playwright/test";
import { freePort } from "../helpers/free-port";
import { smtpSink } from "../helpers/mail-sinks";
import { signIn } from "./content-editor";
import { expect, jsDisabled, startServer, test } from "./fixtures";

/**
 * 'Enviar correo de prueba' on Correos, against a real SMTP server on 127.0.0.1 (smtp-server): the
 * same site server and port throughout, the mail server first taking the message, then refusing the
 * login, then gone. JavaScript on and off.
 */

/** The site with e-mail on (SMTP_URL needs PUBLIC_URL: the address the site's links name). */
async function siteSending(smtpUrl: string) {
  const port = await freePort();
  return startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtpUrl, MAIL_FROM: "Valeria y Sebastián <boda@example.com>" });
}

async function sendTest(page: Page, address: string, button = "Enviar correo de prueba", label = "Dirección de correo") {
  const form = page.getByRole("region", { name: /Correo de prueba|Test e-mail/ });
  await form.getByLabel(label).fill(address);
  await form.getByRole("button", { name: button }).click();
  return form;
}

test("'Enviar correo de prueba': the message arrives and the screen says accepted; a refused login and a closed port are explained", async ({
  browser,
}, testInfo) => {
  const smtpPort = await freePort();
  let smtp = smtpSink(smtpPort);
  await smtp.start();
  const server = await siteSending(`smtp://boda:secreto@127.0.0.1:${smtpPort}`);
  // A phone's width: the form and the server's long answers fit without scrolling sideways.
  const context = await browser.newContext({ locale: "es-ES", javaScriptEnabled: !jsDisabled(testInfo), viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await signIn(page, server.baseURL);
    await page.goto(`${server.baseURL}/admin/emails`);

    // A wrong address: the message, nothing sent.
    let form = await sendTest(page, "no es un correo");
    await expect(form.getByRole("alert")).toHaveText("Escribe una dirección de correo válida, por ejemplo nombre@ejemplo.com.");
    expect(smtp.received).toHaveLength(0);

    form = await sendTest(page, "ana@example.com");
    await expect(form.getByRole("status")).toContainText("Conectado: el servidor de correo aceptó el mensaje. Su respuesta: 250");
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(["ana@example.com"]);
    expect(smtp.received[0].subject).toBe("Correo de prueba de la web de la boda");

    // The same port now refuses every login.
    await smtp.stop();
    smtp = smtpSink(smtpPort, { refuseAuth: true });
    await smtp.start();
    form = await sendTest(page, "ana@example.com");
    await expect(form.getByRole("alert")).toContainText("El servidor de correo rechazó el usuario o la contraseña. Revisa los que van en SMTP_URL.");
    await expect(form.getByRole("alert")).toContainText("535");
    expect(smtp.received).toHaveLength(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Nobody listens on the port any more.
    await smtp.stop();
    form = await sendTest(page, "ana@example.com");
    await expect(form.getByRole("alert")).toContainText("No se pudo conectar con el servidor de correo.");

    // In the admin's language.
    await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: server.baseURL }]);
    await page.goto(`${server.baseURL}/admin/emails`);
    form = await sendTest(page, "ana@example.com", "Send a test e-mail", "E-mail address");
    await expect(form.getByRole("alert")).toContainText("The mail server could not be reached.");
  } finally {
    await context.close();
    await server.stop();
    await smtp.stop();
  }
});

test("'Enviar correo de prueba' is a few a minute", async ({ request }) => {
  const smtpPort = await freePort();
  const smtp = smtpSink(smtpPort);
  await smtp.start();
  const server = await siteSending(`smtp://127.0.0.1:${smtpPort}`);
  try {
    const post = () =>
      request.post(`${server.baseURL}/admin/emails`, {
        headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}`, Origin: server.baseURL },
        form: { intent: "sendTestEmail", to: "ana@example.com" },
        maxRedirects: 0,
      });
    for (let i = 0; i < 5; i++) expect((await post()).status()).toBe(200);
    const refused = await post();
    expect(refused.status()).toBe(429);
    expect(smtp.received).toHaveLength(5);
  } finally {
    await server.stop();
    await smtp.stop();
  }
});
