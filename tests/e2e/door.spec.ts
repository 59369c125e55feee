import type { Browser, Page, TestInfo } from "@playwright/test";
import QRCode from "qrcode";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, jsDisabled, startServer, TestData, test, uniqueClientAddress } from "./fixtures";

/**
 * 'Recepción', the screen at the door (decision 0061), JavaScript on and off, Spanish and English:
 * the couple sets the door key, the door signs in with it and can do nothing else of the panel,
 * finds guests ignoring accents, marks and undoes arrivals, reads a guest's QR code, and two phones
 * see each other's arrivals. The key is the site's: each project's run has its own server.
 */
test.describe.configure({ mode: "serial" });

const KEY = "puerta-e2e-2031";
let server: Awaited<ReturnType<typeof startServer>>;
let data: TestData;
test.beforeAll(async () => {
  server = await startServer({});
  data = new TestData(server);
});
test.afterAll(async () => {
  await data?.cleanup();
  await server?.stop();
});

async function open(browser: Browser, testInfo: TestInfo, lng: "es" | "en" = "es", viewport = { width: 390, height: 844 }) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: lng === "en" ? "en-US" : "es-ES",
    javaScriptEnabled: !jsDisabled(testInfo),
    viewport,
    // A client address of its own (the server trusts one proxy hop): the login limit counts this phone alone.
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
  });
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: server.baseURL }]);
  return { context, page: await context.newPage() };
}

async function adminLogin(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Contraseña", { exact: true }).fill("e2e-admin-password");
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toBeVisible();
}

async function doorLogin(page: Page, lng: "es" | "en" = "es") {
  await page.goto("/recepcion");
  await page.getByLabel(lng === "en" ? "Door key" : "Clave de recepción").fill(KEY);
  await page.getByRole("button", { name: lng === "en" ? "Enter" : "Entrar" }).click();
  await expect(page.getByRole("status").filter({ hasText: lng === "en" ? /Arrived: \d+ of \d+/ : /Llegaron \d+ de \d+/ })).toBeVisible();
}

async function search(page: Page, text: string, lng: "es" | "en" = "es") {
  await page.getByRole("searchbox", { name: lng === "en" ? "Find a guest" : "Buscar invitado" }).fill(text);
  await page.getByRole("button", { name: lng === "en" ? "Search" : "Buscar", exact: true }).click();
}

/** A person's row on the door's screen. */
const person = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });

test("the couple sets the door key on 'Recepción'; the door signs in with it and cannot open the panel or the API", async ({ browser }, testInfo) => {
  await data.createInvitation({ primaryGuest: "José Muñoz", maxGuests: 2, confirmedGuests: ["Lucía Muñoz"] });
  const admin = await open(browser, testInfo, "es", { width: 1280, height: 900 });
  await adminLogin(admin.page);
  await admin.page.getByRole("link", { name: "Recepción" }).click();
  await expect(admin.page.getByRole("heading", { name: "Recepción", exact: true })).toBeVisible();
  await expect(admin.page.getByRole("link", { name: `${server.baseURL}/recepcion` })).toBeVisible();
  await expect(admin.page.getByRole("img", { name: `Código QR de ${server.baseURL}/recepcion` })).toBeVisible();
  await expect(admin.page.getByText("Aún no hay clave de recepción")).toBeVisible();
  const keyField = admin.page.getByLabel("Nueva clave de recepción");

  await keyField.fill("12345");
  await admin.page.getByRole("button", { name: "Guardar clave" }).click();
  await expect(admin.page.getByText("La clave de recepción necesita al menos 6 caracteres.").first()).toBeVisible();
  await admin.page.getByLabel("Nueva clave de recepción").fill("e2e-admin-password");
  await admin.page.getByRole("button", { name: "Guardar clave" }).click();
  await expect(admin.page.getByText("La clave de recepción no puede ser la contraseña de administración.").first()).toBeVisible();
  await admin.page.getByLabel("Nueva clave de recepción").fill(KEY);
  await admin.page.getByRole("button", { name: "Guardar clave" }).click();
  await expect(admin.page.getByText("Ya hay una clave de recepción; puedes cambiarla.")).toBeVisible();
  // Nobody has arrived yet: Estadísticas shows no arrivals.
  await admin.page.goto("/admin");
  await expect(admin.page.getByRole("heading", { name: "Invitados Totales" })).toBeVisible();
  await expect(admin.page.getByRole("heading", { name: "Llegadas" })).toHaveCount(0);
  await admin.context.close();

  const door = await open(browser, testInfo);
  await door.page.goto("/recepcion");
  await door.page.getByLabel("Clave de recepción").fill("e2e-admin-password");
  await door.page.getByRole("button", { name: "Entrar" }).click();
  await expect(door.page.getByRole("alert").filter({ hasText: "La clave no es correcta." })).toBeVisible();
  await doorLogin(door.page);
  await expect(door.page.getByText("Llegaron 0 de 2")).toBeVisible();

  // The door's session opens nothing of the panel: the login dialog, and 401 from the API.
  for (const path of ["/admin", "/admin/invitations"]) {
    await door.page.goto(path);
    await expect(door.page.getByRole("dialog", { name: "Acceso al Panel de Administración" })).toBeVisible();
    await expect(door.page.getByRole("navigation", { name: "Secciones del panel" })).toHaveCount(0);
  }
  // The same cookie jar: the door's own counts answer, the API does not.
  expect((await door.page.request.get("/recepcion.json")).status()).toBe(200);
  expect((await door.page.request.get("/api/invitations")).status()).toBe(401);
  expect((await door.page.request.get("/admin/export.csv")).status()).toBe(401);

  await door.page.goto("/recepcion");
  await door.page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(door.page.getByLabel("Clave de recepción")).toBeVisible();
  expect((await door.page.request.get("/recepcion.json")).status()).toBe(401);
  await door.context.close();
});

test("the door finds 'José' for 'Jose', marks an arrival and undoes it; Estadísticas then shows the arrivals", async ({ browser }, testInfo) => {
  const door = await open(browser, testInfo);
  await doorLogin(door.page);
  await search(door.page, "Jose");
  await expect(door.page.getByRole("heading", { name: "Invitación de José Muñoz" })).toBeVisible();
  await expect(person(door.page, "Lucía Muñoz")).toBeVisible();
  await search(door.page, "munoz");
  await expect(person(door.page, "José Muñoz")).toBeVisible();

  await person(door.page, "José Muñoz").getByRole("button", { name: "Marcar llegada" }).click();
  await expect(person(door.page, "José Muñoz").getByText(/^Llegó \d{2}:\d{2}$/)).toBeVisible();
  await expect(door.page.getByText("Llegaron 1 de 2")).toBeVisible();
  // Back on the same search (POST/redirect/GET).
  await expect(door.page).toHaveURL(/\/recepcion\?q=munoz$/);
  await expect(person(door.page, "Lucía Muñoz").getByRole("button", { name: "Marcar llegada" })).toBeVisible();
  // Made for a phone: nothing scrolls sideways at 390 px.
  expect(await door.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  const admin = await open(browser, testInfo, "es", { width: 1280, height: 900 });
  await adminLogin(admin.page);
  await expect(admin.page.getByRole("heading", { name: "Llegadas" })).toBeVisible();
  await expect(admin.page.getByText("Llegaron 1 de 2")).toBeVisible();
  await admin.context.close();

  await person(door.page, "José Muñoz").getByRole("button", { name: "Deshacer" }).click();
  await expect(person(door.page, "José Muñoz").getByRole("button", { name: "Marcar llegada" })).toBeVisible();
  await expect(door.page.getByText("Llegaron 0 de 2")).toBeVisible();
  await door.context.close();
});

test("the door in English: the counts, the search and the marks", async ({ browser }, testInfo) => {
  const door = await open(browser, testInfo, "en");
  await doorLogin(door.page, "en");
  await expect(door.page.getByText("Arrived: 0 of 2")).toBeVisible();
  await search(door.page, "LUCIA", "en");
  await expect(door.page.getByRole("heading", { name: "José Muñoz's invitation" })).toBeVisible();
  await person(door.page, "Lucía Muñoz").getByRole("button", { name: "Mark arrival" }).click();
  await expect(person(door.page, "Lucía Muñoz").getByText(/^Arrived \d{2}:\d{2}$/)).toBeVisible();
  await expect(door.page.getByText("Arrived: 1 of 2")).toBeVisible();
  await person(door.page, "Lucía Muñoz").getByRole("button", { name: "Undo" }).click();
  await expect(door.page.getByText("Arrived: 0 of 2")).toBeVisible();
  await door.context.close();
});

test("a guest's personal QR code, read from a photo, opens their invitation @js-only", async ({ browser }, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "Pedro Páramo", maxGuests: 1, confirmedGuests: [] });
  const png = await QRCode.toBuffer(`${server.baseURL}/i/${inv.code}`, { type: "png", width: 300, margin: 4 });
  const door = await open(browser, testInfo);
  await doorLogin(door.page);
  await door.page.getByLabel("Leer el QR de una foto").setInputFiles({ name: "qr.png", mimeType: "image/png", buffer: png });
  await expect(door.page.getByRole("heading", { name: "Invitación de Pedro Páramo" })).toBeVisible();
  await expect(person(door.page, "Pedro Páramo").getByRole("button", { name: "Marcar llegada" })).toBeVisible();
  await expectNoSeriousA11yViolations(door.page, "/recepcion with an invitation");

  // A QR code that is not an invitation's says so.
  const other = await QRCode.toBuffer("https://example.com/", { type: "png", width: 300, margin: 4 });
  await door.page.getByLabel("Leer el QR de una foto").setInputFiles({ name: "other.png", mimeType: "image/png", buffer: other });
  await expect(door.page.getByRole("alert").filter({ hasText: "Este QR no es el de una invitación." })).toBeVisible();
  await door.context.close();
});

test("two phones at the door see each other's arrivals within 5 seconds @js-only", async ({ browser }, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "Rosa Blanco", maxGuests: 1, confirmedGuests: [] });
  expect(inv.code).toBeTruthy();
  const first = await open(browser, testInfo);
  const second = await open(browser, testInfo);
  await doorLogin(first.page);
  await doorLogin(second.page);
  const before = await second.page
    .getByRole("status")
    .filter({ hasText: /Llegaron \d+ de \d+/ })
    .textContent();
  const [, arrived, confirmed] = /Llegaron (\d+) de (\d+)/.exec(before ?? "")!;

  await search(first.page, "rosa blanco");
  await person(first.page, "Rosa Blanco").getByRole("button", { name: "Marcar llegada" }).click();
  await expect(first.page.getByText(`Llegaron ${Number(arrived) + 1} de ${confirmed}`)).toBeVisible();
  await expect(second.page.getByText(`Llegaron ${Number(arrived) + 1} de ${confirmed}`)).toBeVisible({ timeout: 5000 });
  await first.context.close();
  await second.context.close();
});

test("a new door key signs every door phone out; the new key opens the door again", async ({ browser }, testInfo) => {
  const door = await open(browser, testInfo);
  await doorLogin(door.page);
  const admin = await open(browser, testInfo, "es", { width: 1280, height: 900 });
  await adminLogin(admin.page);
  await admin.page.goto("/admin/door");
  await admin.page.getByLabel("Nueva clave de recepción").fill(`${KEY}-nueva`);
  await admin.page.getByRole("button", { name: "Cambiar clave" }).click();
  // Once saved, the door's next page asks for the key again.
  await expect(async () => {
    await door.page.goto("/recepcion");
    await expect(door.page.getByLabel("Clave de recepción")).toBeVisible({ timeout: 1000 });
  }).toPass();
  await admin.context.close();

  await door.page.getByLabel("Clave de recepción").fill(KEY);
  await door.page.getByRole("button", { name: "Entrar" }).click();
  await expect(door.page.getByRole("alert").filter({ hasText: "La clave no es correcta." })).toBeVisible();
  await door.page.getByLabel("Clave de recepción").fill(`${KEY}-nueva`);
  await door.page.getByRole("button", { name: "Entrar" }).click();
  await expect(door.page.getByRole("status").filter({ hasText: /Llegaron \d+ de \d+/ })).toBeVisible();
  await door.context.close();
});
