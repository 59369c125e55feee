import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { enterCode, expect, jsDisabled, login, openBrowser, startServer, test, TestData } from "./fixtures";

/**
 * 'Cambiar mi respuesta' (decision 0062) and the caterer's report per event, JavaScript on and off,
 * Spanish and English. The switches and events are site-wide: each run has its own servers and
 * database, so the other specs see a site with nothing turned on.
 */
test.describe.configure({ mode: "serial" });

const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
let data: TestData;
let databaseDir: string;
const database = () => ({ DATABASE_PATH: path.join(databaseDir, "wedding.sqlite") });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-change-"));
  server = await startServer({ WEDDING_DATE: iso(20 * DAY), RSVP_DEADLINE: iso(10 * DAY), ...database() });
  data = new TestData(server);
});
test.afterAll(async () => {
  await server?.stop();
  if (databaseDir) fs.rmSync(databaseDir, { recursive: true, force: true });
});

test("with nothing turned on a confirmed guest sees no 'Cambiar mi respuesta', and a change is refused", async ({ browser }, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "Nada Activado", maxGuests: 2, confirmedGuests: ["Luis Activado"] });
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
  await enterCode(page, inv.code);
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cambiar mi respuesta" })).toHaveCount(0);
  // The edit step is no way in either: the confirmed view stays.
  await page.goto("/confirm?step=edit");
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar cambios" })).toHaveCount(0);
  const refused = await page.request.post("/confirm", {
    form: { intent: "update", "guests[0]": "Otro Nombre" },
    headers: { Origin: server.baseURL },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Esta respuesta ya no se puede cambiar.");
  expect(await data.guestsOf(inv.id)).toEqual(["Nada Activado", "Luis Activado"]);
  await context.close();
});

test("with the menu on a guest confirms, changes their dish and adds a note; Invitaciones and the caterer's report show it", async ({ browser }, testInfo) => {
  test.slow();
  const admin = await openBrowser(browser, testInfo, server.baseURL);
  await login(admin.page);
  await admin.page.goto("/admin/menu");
  for (const dish of [
    { es: "Carne", en: "Meat" },
    { es: "Pescado", en: "Fish" },
  ]) {
    const form = admin.page.locator("form").filter({ has: admin.page.getByRole("button", { name: "Agregar plato" }) });
    await form.getByLabel("Plato (ES)").fill(dish.es);
    await form.getByLabel("Plato (EN)").fill(dish.en);
    await form.getByRole("button", { name: "Agregar plato" }).click();
    await expect(admin.page.getByRole("group", { name: dish.es })).toBeVisible();
  }
  await admin.page.getByLabel("Pedir el menú a cada invitado").check();
  await admin.page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(admin.page.getByText("Ajustes del menú guardados").filter({ visible: true }).first()).toBeVisible();

  const inv = await data.createInvitation({ primaryGuest: "Marta Cambia", maxGuests: 2 });
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
  await enterCode(page, inv.code);
  await page.getByRole("combobox", { name: "Menú", exact: true }).selectOption({ label: "Carne" });
  let scope = page.locator("body");
  if (!jsDisabled(testInfo)) {
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    scope = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
  }
  await scope.getByLabel("Invitado Adicional 1").fill("Pablo Cambia");
  await scope.getByLabel("Menú (adicional 1)").selectOption({ label: "Carne" });
  await scope.getByRole("button", { name: jsDisabled(testInfo) ? "Confirmar Asistencia" : "Confirmar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();

  await page.getByRole("link", { name: "Cambiar mi respuesta" }).click();
  await expect(page.getByRole("heading", { name: "Cambiar mi respuesta" })).toBeVisible();
  // The form starts from the stored answer, every name in the page.
  await expect(page.getByRole("combobox", { name: "Menú", exact: true })).toHaveValue(/\d+/);
  await expect(page.getByRole("combobox", { name: "Menú", exact: true }).locator("option:checked")).toHaveText("Carne");
  await expect(page.getByLabel("Invitado Adicional 1")).toHaveValue("Pablo Cambia");
  await page.getByRole("combobox", { name: "Menú", exact: true }).selectOption({ label: "Pescado" });
  await page.getByLabel("Restricciones alimentarias", { exact: true }).fill("Sin gluten");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Invitados confirmados" }).getByRole("listitem")).toHaveText([
    "Marta CambiaRestricciones alimentarias: Sin glutenMenú: Pescado",
    "Pablo CambiaMenú: Carne",
  ]);
  await context.close();

  await admin.page.goto("/admin/invitations");
  const row = admin.page.getByRole("row").filter({ hasText: "Marta Cambia" });
  await expect(row).toContainText("Menú: Pescado");
  await expect(row).toContainText("Sin gluten");
  await admin.page.goto("/admin/catering");
  await expect(admin.page.getByRole("row", { name: "Pescado 1", exact: true })).toBeVisible();
  await expect(admin.page.getByRole("row", { name: "Carne 1", exact: true })).toBeVisible();
  await expect(admin.page.getByRole("table", { name: "Restricciones alimentarias" })).toContainText("Sin gluten");
  await admin.context.close();
});

test("in English: 'Change my answer' and 'Save changes'", async ({ browser }, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "Smith Change", maxGuests: 1 });
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL, "en");
  await enterCode(page, inv.code, { lng: "en" });
  await page.getByRole("combobox", { name: "Menu", exact: true }).selectOption({ label: "Meat" });
  await page.getByRole("button", { name: "Confirm Attendance" }).click();
  await expect(page.getByRole("heading", { name: "Attendance Confirmed!" })).toBeVisible();
  await page.getByRole("link", { name: "Change my answer" }).click();
  await page.getByRole("combobox", { name: "Menu", exact: true }).selectOption({ label: "Fish" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("list", { name: "Confirmed guests" })).toContainText("Menu: Fish");
  await context.close();
});

test("after the deadline the button is gone and a stale edit form's post is refused with the closed message", async ({ browser }, testInfo) => {
  test.slow();
  const inv = await data.createInvitation({ primaryGuest: "Tarde Cambia", maxGuests: 1 });
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
  await enterCode(page, inv.code);
  await page.getByRole("combobox", { name: "Menú", exact: true }).selectOption({ label: "Carne" });
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  await page.getByRole("link", { name: "Cambiar mi respuesta" }).click();
  await expect(page.getByRole("button", { name: "Guardar cambios" })).toBeVisible();
  // What the stale form would send: a valid change, refused only for the deadline.
  const carne = await page.getByRole("combobox", { name: "Menú", exact: true }).inputValue();
  const before = await data.invitation(inv.id);

  // The same site, now past its deadline (the code cookie is the same site's: same host and secrets).
  await server.stop();
  server = await startServer({ WEDDING_DATE: iso(20 * DAY), RSVP_DEADLINE: iso(-DAY), ...database() });
  data = new TestData(server);
  const stale = await page.request.post(`${server.baseURL}/confirm?step=edit`, {
    form: { intent: "update", primaryDish: carne, primaryDietary: "Vegana" },
    headers: { Origin: server.baseURL },
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(403);
  expect(await stale.text()).toContain("Confirmaciones cerradas");
  expect(await data.invitation(inv.id)).toEqual(before);

  await page.goto(`${server.baseURL}/confirm`);
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cambiar mi respuesta" })).toHaveCount(0);
  await page.goto(`${server.baseURL}/confirm?step=edit`);
  await expect(page.getByRole("button", { name: "Guardar cambios" })).toHaveCount(0);
  await context.close();
});

test("the caterer's report per event counts only each event's people, on the page and in the CSV", async ({ browser }, testInfo) => {
  test.slow();
  // A site of its own, open for answers.
  await server.stop();
  fs.rmSync(databaseDir, { recursive: true, force: true });
  fs.mkdirSync(databaseDir);
  server = await startServer({ WEDDING_DATE: iso(20 * DAY), RSVP_DEADLINE: iso(10 * DAY), ...database() });
  data = new TestData(server);
  const admin = await openBrowser(browser, testInfo, server.baseURL);
  await login(admin.page);
  for (const name of ["Cena", "Brunch"]) {
    await admin.page.goto("/admin/events");
    const add = admin.page.getByRole("region", { name: "Agregar evento" });
    await add.getByLabel("Nombre (ES)").fill(name);
    await add.getByLabel("Fecha y hora").fill("2026-01-16T19:00");
    await add.getByRole("button", { name: "Agregar evento" }).click();
    await expect(admin.page.getByRole("article", { name })).toBeVisible();
  }
  const ruiz = await data.createInvitation({ primaryGuest: "Ana Ruiz", maxGuests: 2 });
  const sol = await data.createInvitation({ primaryGuest: "Sol Vega", maxGuests: 1 });
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
  // Ana: the wedding and the dinner; Luis: the brunch only, with a note.
  await enterCode(page, ruiz.code);
  await page.getByRole("group", { name: "¿A qué eventos asistirá Ana Ruiz?" }).getByRole("checkbox", { name: "Brunch" }).uncheck();
  await page.getByLabel("Invitado Adicional 1").fill("Luis Ruiz");
  await page.getByLabel("Restricciones alimentarias (adicional 1)").fill("Sin nueces");
  const luis = page.getByRole("group", { name: "¿A qué eventos asistirá Invitado Adicional 1?" });
  await luis.getByRole("checkbox", { name: "Boda" }).uncheck();
  await luis.getByRole("checkbox", { name: "Cena" }).uncheck();
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
  // Sol: the dinner only.
  await context.clearCookies();
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("es")).toString("base64"), url: server.baseURL }]);
  await enterCode(page, sol.code);
  const solGroup = page.getByRole("group", { name: "¿A qué eventos asistirá Sol Vega?" });
  await solGroup.getByRole("checkbox", { name: "Boda" }).uncheck();
  await solGroup.getByRole("checkbox", { name: "Brunch" }).uncheck();
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
  await context.close();

  await admin.page.goto("/admin/catering");
  const adults = (group: string) => admin.page.getByRole("region", { name: group, exact: true }).getByRole("row", { name: /^Adultos/ });
  await expect(adults("Boda")).toHaveText("Adultos1");
  await expect(adults("Cena")).toHaveText("Adultos2");
  await expect(adults("Brunch")).toHaveText("Adultos1");
  await expect(admin.page.getByRole("region", { name: "Brunch", exact: true })).toContainText("Sin nueces");
  await expect(admin.page.getByRole("region", { name: "Cena", exact: true })).not.toContainText("Sin nueces");
  const csv = await admin.page.request.get("/admin/catering.csv");
  const lines = (await csv.text()).split("\r\n");
  expect(lines[0]).toBe("\uFEFFevento,kind,item,count,guest,invitation,dish,child,dietary");
  expect(lines).toContain("Boda,total,adults,1,,,,,");
  expect(lines).toContain("Cena,total,adults,2,,,,,");
  expect(lines).toContain("Brunch,total,adults,1,,,,,");
  expect(lines).toContain("Brunch,guest,,,Luis Ruiz,Ana Ruiz,,no,Sin nueces");
  expect(lines.filter((l) => l.startsWith("Cena,guest,")).map((l) => l.split(",")[4])).toEqual(["Ana Ruiz", "Sol Vega"]);
  await admin.context.close();
});
