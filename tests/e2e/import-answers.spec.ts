import type { Page } from "@playwright/test";
import { expect, login, openBrowser, startServer, TestData, test } from "./fixtures";

/**
 * The guest-list import reads the answers back (decision 0067), JavaScript on and off: the couple
 * sets up an event, a menu with children and two questions, a guest answers, the admin downloads
 * the CSV, the site is emptied of its invitations, the file goes back in through 'Importar CSV',
 * and Invitaciones and the next export show the same answers. A file breaking an answer rule is
 * refused whole, its row named, in Spanish and in English. A server of its own: the switches are site-wide.
 */
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startServer>>;
let data: TestData;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({});
  data = new TestData(server);
});
test.afterAll(async () => {
  await data?.cleanup();
  await server?.stop();
});

const STARTER = "¿Qué entrante prefieres?";
const BUS = "¿Necesitas transporte?";

/** The export without its code and link columns: an import hands out new codes (a code is not an identity). */
async function exported(page: Page) {
  const response = await page.request.get("/admin/export.csv");
  expect(response.status()).toBe(200);
  const csv = await response.text();
  return { csv, withoutCodes: csv.split("\r\n").map((line) => line.replace(/^(\uFEFF)?[^,]*,[^,]*,/, "$1")) };
}

async function emptySite() {
  for (const inv of await data.invitations.list()) await data.invitations.remove(inv.id);
  expect(await data.invitations.list()).toEqual([]);
}

async function upload(page: Page, text: string, lng: "es" | "en" = "es") {
  await page.goto("/admin/import");
  await page
    .getByLabel(lng === "en" ? "CSV file" : "Archivo CSV")
    .setInputFiles({ name: "invitados.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
  await page.getByRole("button", { name: lng === "en" ? "Check file" : "Revisar archivo" }).click();
}

test("an answered guest list goes out and back in with every answer", async ({ browser }, testInfo) => {
  test.slow();
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
  await login(page);

  await page.goto("/admin/events");
  const add = page.getByRole("region", { name: "Agregar evento" });
  await add.getByLabel("Nombre (ES)").fill("Cena de ensayo");
  await add.getByLabel("Fecha y hora").fill("2026-01-15T20:00");
  await add.getByRole("button", { name: "Agregar evento" }).click();
  await expect(page.getByRole("article", { name: "Cena de ensayo" })).toBeVisible();

  await page.goto("/admin/menu");
  for (const dish of ["Carne", "Pescado"]) {
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Agregar plato" }) });
    await form.getByLabel("Plato (ES)").fill(dish);
    await form.getByRole("button", { name: "Agregar plato" }).click();
    await expect(page.getByRole("group", { name: dish })).toBeVisible();
  }
  await page.getByLabel("Pedir el menú a cada invitado").check();
  await page.getByLabel("Preguntar por niños").check();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText("Ajustes del menú guardados").filter({ visible: true }).first()).toBeVisible();

  await page.goto("/admin/questions");
  const form = () => page.getByRole("region", { name: "Agregar pregunta" });
  await form().getByLabel("Pregunta (ES)").fill(BUS);
  await form().getByLabel("Tipo").selectOption({ label: "Sí o no" });
  await form().getByRole("button", { name: "Agregar pregunta" }).click();
  await expect(page.getByRole("article", { name: BUS })).toBeVisible();
  await form().getByLabel("Pregunta (ES)").fill(STARTER);
  await form().getByLabel("Tipo").selectOption({ label: "Una opción de una lista" });
  await form().getByLabel("Opciones (ES), una por línea").fill("Jamón\nEnsalada");
  await form().getByRole("radio", { name: "Una vez por persona" }).check();
  await form().getByLabel("Obligatoria").check();
  await form().getByRole("button", { name: "Agregar pregunta" }).click();
  await expect(page.getByRole("article", { name: STARTER })).toBeVisible();

  const inv = await data.createInvitation({ primaryGuest: "Ana Ruiz", maxGuests: 2 });
  await data.createInvitation({ primaryGuest: "Pepe Gil", maxGuests: 2 });

  // The guest answers: Ana the wedding and the dinner, Luis (a child) the wedding only.
  await page.goto("/confirm");
  await page.getByLabel("Código de Invitación").fill(inv.code);
  await page.getByRole("button", { name: "Verificar Código" }).click();
  await page.getByLabel("Invitado Adicional 1", { exact: true }).fill("Luis Ruiz");
  await page.getByRole("group", { name: "¿A qué eventos asistirá Invitado Adicional 1?" }).getByRole("checkbox", { name: "Cena de ensayo" }).uncheck();
  await page.getByRole("combobox", { name: "Menú", exact: true }).selectOption({ label: "Carne" });
  await page.getByLabel("Menú (adicional 1)").selectOption({ label: "Pescado" });
  await page.getByLabel("Niño o niña (menor de 12 años) (adicional 1)").check();
  await page.getByLabel(`${STARTER} (Ana Ruiz)`).selectOption({ label: "Jamón" });
  await page.getByLabel(`${STARTER} (Invitado Adicional 1)`).selectOption({ label: "Ensalada" });
  await page
    .getByRole("group", { name: `${BUS} (opcional)` })
    .getByRole("radio", { name: "Sí" })
    .check();
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();

  // Still the admin's session (the guest's page shares the browser).
  const before = await exported(page);
  expect(before.csv).toContain(",Ana Ruiz,2,es,confirmed,Luis Ruiz,no,");
  expect(before.csv).toContain(",Pescado,yes,Boda; Cena de ensayo,Boda,Sí,Ensalada");

  await emptySite();
  await upload(page, before.csv);
  await expect(page.getByRole("heading", { name: "Vista previa: 2 invitaciones" })).toBeVisible();
  await page.getByRole("button", { name: "Crear 2 invitaciones" }).click();
  await expect(page).toHaveURL(/\/admin\/invitations$/);
  await expect(page.getByText("2 invitaciones creadas exitosamente").first()).toBeAttached();
  await expect(page.getByText("Luis Ruiz").first()).toBeVisible();
  await expect(page.getByText("Ensalada").first()).toBeVisible();

  const after = await exported(page);
  expect(after.withoutCodes).toEqual(before.withoutCodes);
  await context.close();
});

for (const lng of ["es", "en"] as const) {
  test(`a file with a dish not on the menu is refused whole, its row named (${lng})`, async ({ browser }, testInfo) => {
    const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
    await login(page);
    const { csv } = await exported(page);
    const bad = csv.replace(",Pescado,yes,", ",Langosta,yes,");
    expect(bad).not.toEqual(csv);
    await emptySite();
    await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: server.baseURL }]);
    await upload(page, bad, lng);
    const row = page.getByRole("row", { name: /Ana Ruiz/ });
    await expect(row.getByText(lng === "en" ? "Dish not on the menu" : "Plato que no está en el menú")).toBeVisible();
    await expect(row.getByRole("cell").first()).toHaveText("2");
    await expect(
      page.getByText(
        lng === "en"
          ? "Fix the marked problems and upload the file again: no invitation was created."
          : "Corrige los problemas marcados y vuelve a subir el archivo: no se creó ninguna invitación.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Crear|Create) \d+/ })).toHaveCount(0);
    // The preview stored nothing; and the file, sent to be created all the same, is refused whole.
    expect(await data.invitations.list()).toEqual([]);
    const forced = await page.request.post("/admin/import", { multipart: { intent: "create", csv: bad }, headers: { Origin: server.baseURL } });
    expect(forced.status()).toBe(400);
    expect(await data.invitations.list()).toEqual([]);
    // Put the list back for the next run of this test (the other language).
    await upload(page, csv, lng);
    await page.getByRole("button", { name: lng === "en" ? "Create 2 invitations" : "Crear 2 invitaciones" }).click();
    await expect(page).toHaveURL(/\/admin\/invitations$/);
    await context.close();
  });
}
