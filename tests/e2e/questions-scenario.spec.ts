import type { Page } from "@playwright/test";
import { expect, login, openBrowser, startServer, test, TestData } from "./fixtures";

/**
 * Everything the couple can turn on, together (decisions 0056, 0057, 0058), JavaScript on and off:
 * two events, a menu of three dishes with the menu and children asked, two questions of their own;
 * a three-seat invitation answers per person; the caterer's report and the per-event totals are
 * exact. A server of its own: the switches are site-wide.
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

/** The per-event row of Estadísticas: confirmed, not attending, pending. */
async function eventRow(page: Page, name: string) {
  const row = page.getByRole("table").getByRole("row", { name: new RegExp(`^${name}`) });
  return (await row.getByRole("cell").allTextContents()).map(Number);
}

const STARTER = "¿Qué entrante prefieres?";
const BUS = "¿Necesitas transporte?";

test("two events, a menu with children and two questions: a three-seat invitation answers per person; catering and per-event totals are exact", async ({
  browser,
}, testInfo) => {
  test.slow();
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
  await login(page);

  await page.goto("/admin/events");
  for (const [es, at] of [
    ["Cena de ensayo", "2026-01-15T20:00"],
    ["Brunch", "2026-01-17T11:00"],
  ]) {
    const add = page.getByRole("region", { name: "Agregar evento" });
    await add.getByLabel("Nombre (ES)").fill(es);
    await add.getByLabel("Fecha y hora").fill(at);
    await add.getByRole("button", { name: "Agregar evento" }).click();
    await expect(page.getByRole("article", { name: es })).toBeVisible();
  }

  await page.goto("/admin/menu");
  for (const dish of ["Carne", "Pescado", "Menú infantil"]) {
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

  const inv = await data.createInvitation({ primaryGuest: "Ana Ruiz", maxGuests: 3 });
  await data.createInvitation({ primaryGuest: "Pepe Gil", maxGuests: 2 });

  // The guest: Ana the wedding and the dinner, Luis everything, Eva (a child) the wedding only.
  await page.goto("/confirm");
  await page.getByLabel("Código de Invitación").fill(inv.code);
  await page.getByRole("button", { name: "Verificar Código" }).click();
  await page.getByRole("group", { name: "¿A qué eventos asistirá Ana Ruiz?" }).getByRole("checkbox", { name: "Brunch" }).uncheck();
  await page.getByLabel("Invitado Adicional 1", { exact: true }).fill("Luis Ruiz");
  await page.getByLabel("Invitado Adicional 2", { exact: true }).fill("Eva Ruiz");
  const eva = page.getByRole("group", { name: "¿A qué eventos asistirá Invitado Adicional 2?" });
  await eva.getByRole("checkbox", { name: "Cena de ensayo" }).uncheck();
  await eva.getByRole("checkbox", { name: "Brunch" }).uncheck();
  await page.getByRole("combobox", { name: "Menú", exact: true }).selectOption({ label: "Carne" });
  await page.getByLabel("Menú (adicional 1)").selectOption({ label: "Pescado" });
  await page.getByLabel("Menú (adicional 2)").selectOption({ label: "Menú infantil" });
  await page.getByLabel("Niño o niña (menor de 12 años) (adicional 2)").check();
  await page.getByLabel(`${STARTER} (Ana Ruiz)`).selectOption({ label: "Jamón" });
  await page.getByLabel(`${STARTER} (Invitado Adicional 1)`).selectOption({ label: "Ensalada" });
  await page.getByLabel(`${STARTER} (Invitado Adicional 2)`).selectOption({ label: "Jamón" });
  await page
    .getByRole("group", { name: `${BUS} (opcional)` })
    .getByRole("radio", { name: "Sí" })
    .check();
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();

  await page.goto("/admin/catering");
  // One group per event, each counting only the people who attend it.
  const group = (event: string) => page.getByRole("region", { name: event, exact: true });
  const expected: [string, number, number, string[]][] = [
    ["Boda", 2, 1, ["Carne 1", "Pescado 1", "Menú infantil 1"]],
    ["Cena de ensayo", 2, 0, ["Carne 1", "Pescado 1"]],
    ["Brunch", 1, 0, ["Pescado 1"]],
  ];
  for (const [event, adults, children, dishes] of expected) {
    await expect(group(event).getByRole("row", { name: "Adultos" })).toContainText(String(adults));
    await expect(group(event).getByRole("row", { name: "Niños" })).toContainText(String(children));
    for (const dish of dishes) await expect(group(event).getByRole("row", { name: dish, exact: true })).toBeVisible();
  }

  await page.goto("/admin");
  expect(await eventRow(page, "Boda")).toEqual([3, 0, 2]);
  expect(await eventRow(page, "Cena de ensayo")).toEqual([2, 1, 2]);
  expect(await eventRow(page, "Brunch")).toEqual([1, 2, 2]);
  const stats = page.getByRole("region", { name: "Respuestas a sus preguntas" });
  await expect(stats.getByText(`${BUS}: Sí 1 · No 0`)).toBeVisible();
  await expect(stats.getByText(`${STARTER}: Jamón 2 · Ensalada 1`)).toBeVisible();
  await context.close();
});
