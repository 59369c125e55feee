import type { Page, TestInfo } from "@playwright/test";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { enterCode, expect, jsDisabled, login, openBrowser, startServer, test, TestData } from "./fixtures";

/**
 * The seating plan 'Mesas' (decision 0059), JavaScript on and off, Spanish and English: tables
 * made on the screen, people seated by select (the whole plan's 'Guardar mesas' without
 * JavaScript, at once with it), by drag and by keyboard, the warnings, and 'Publicar mesas' → the
 * guest's own page. 'Publicar mesas' is the whole site's: each project's run has its own server.
 */
test.describe.configure({ mode: "serial" });

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

const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function addTable(page: Page, name: string, seats: string, lng: "es" | "en" = "es") {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: lng === "en" ? "Add table" : "Agregar mesa" }) });
  await form.getByLabel(lng === "en" ? "Name or number" : "Nombre o número").fill(name);
  await form.getByLabel(lng === "en" ? "Seats" : "Puestos").fill(seats);
  await form.getByRole("button", { name: lng === "en" ? "Add table" : "Agregar mesa" }).click();
  await expect(card(page, name)).toBeVisible();
}

/** Chooses a person's table: saved at once with JavaScript; without it, kept for 'Guardar mesas'. */
async function choose(page: Page, person: string, table: string, testInfo: TestInfo) {
  await page.getByLabel(`Mesa de ${person}`).selectOption({ label: table });
  if (!jsDisabled(testInfo)) await expect(card(page, table === "Sin mesa" ? "Sin mesa" : table).getByText(person, { exact: true })).toBeVisible();
}

test("the couple makes tables, seats people by their 'Mesa' select, sees an overfull table; guests see their table only once published", async ({
  browser,
}, testInfo) => {
  // Three browsers (the couple, an accessibility check, a guest) and some twenty saves: 22–28 s on
  // a quiet 2-CPU machine, 42 s beside other specs' servers: too close to the default 60 s.
  test.slow();
  const ana = await data.createInvitation({ primaryGuest: "Ana Torres", maxGuests: 2, confirmedGuests: ["Luis Torres"] });
  const marta = await data.createInvitation({ primaryGuest: "Marta Ruiz", maxGuests: 1, confirmedGuests: [] });
  await data.createInvitation({ primaryGuest: "Nadie Responde", maxGuests: 2 });

  const admin = await openBrowser(browser, testInfo, server.baseURL);
  const page = admin.page;
  await login(page);
  await page.getByRole("link", { name: "Mesas" }).click();
  await expect(page.getByRole("heading", { name: "Mesas", exact: true })).toBeVisible();
  await expect(page.getByText("Sentados 0 de 3")).toBeVisible();

  // A table needs its name: refused with the reason, nothing added.
  const addForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Agregar mesa" }) });
  await addForm.getByLabel("Puestos").fill("8");
  await addForm.getByRole("button", { name: "Agregar mesa" }).click();
  await expect(page.getByText("Escribe el nombre o número de la mesa.").filter({ visible: true }).first()).toBeVisible();
  await addTable(page, "Mesa 1", "2");
  await addTable(page, "Mesa 2", "8");
  await expect(card(page, "Mesa 1").getByText("0 de 2 puestos · 2 puestos libres")).toBeVisible();

  for (const person of ["Ana Torres", "Luis Torres", "Marta Ruiz"]) await choose(page, person, "Mesa 1", testInfo);
  if (jsDisabled(testInfo)) await page.getByRole("button", { name: "Guardar mesas" }).click();
  const mesa1 = card(page, "Mesa 1");
  for (const person of ["Ana Torres", "Luis Torres", "Marta Ruiz"]) await expect(mesa1.getByText(person, { exact: true })).toBeVisible();
  await expect(mesa1.getByText("3 de 2 puestos · 0 puestos libres")).toBeVisible();
  await expect(page.getByText("Sentados 3 de 3")).toBeVisible();
  await expect(page.getByRole("alert").getByText("Mesa 1 tiene 3 personas y 2 puestos")).toBeVisible();
  // The pending invitation has nobody to seat.
  await expect(page.getByText("Nadie Responde")).toHaveCount(0);
  // The screen with tables, people and a warning has no serious accessibility problem.
  const checked = await a11yPage(browser, { baseURL: server.baseURL, locale: "es-ES" }, jsDisabled(testInfo));
  await login(checked);
  await checked.goto("/admin/tables");
  await expect(checked.getByRole("alert").getByText("Mesa 1 tiene 3 personas y 2 puestos")).toBeVisible();
  await expectNoSeriousA11yViolations(checked);
  await checked.context().close();

  // Before publishing, the guest's own page says nothing about tables.
  const guest = await openBrowser(browser, testInfo, server.baseURL);
  await enterCode(guest.page, ana.code);
  await expect(guest.page.getByText("Ana Torres")).toBeVisible();
  await expect(guest.page.getByText(/Tu mesa/)).toHaveCount(0);

  await page.getByLabel("Publicar mesas").check();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText("Ajustes de las mesas guardados").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByLabel("Publicar mesas")).toBeChecked();

  // The same guest's page (kept whole between visits) shows the table at once.
  await guest.page.goto("/confirm");
  await expect(guest.page.getByText("Tu mesa: Mesa 1")).toBeVisible();
  await expect(guest.page.getByText("Con: Marta")).toBeVisible();
  // So does the calendar file.
  const ics = await guest.page.request.get("/wedding.ics");
  expect((await ics.text()).replace(/\r\n[ \t]/g, "")).toContain("Tu mesa: Mesa 1\\nCon: Marta");

  // A move shows on the guest's page too: Luis to Mesa 2 splits the invitation (a warning).
  await choose(page, "Luis Torres", "Mesa 2", testInfo);
  if (jsDisabled(testInfo)) await page.getByRole("button", { name: "Guardar mesas" }).click();
  await expect(page.getByRole("alert").getByText("La invitación de Ana Torres está repartida entre Mesa 1, Mesa 2")).toBeVisible();
  await guest.page.goto("/confirm");
  await expect(guest.page.getByText("Ana Torres: Mesa 1")).toBeVisible();
  await expect(guest.page.getByText("Luis Torres: Mesa 2")).toBeVisible();

  // Removing a table (after "are you sure?") sends its people back to 'Sin mesa'.
  await card(page, "Mesa 2").getByText("Cambiar nombre o puestos").click();
  await card(page, "Mesa 2").getByRole("button", { name: "Eliminar Mesa 2" }).click();
  await page.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(card(page, "Mesa 2")).toHaveCount(0);
  await expect(card(page, "Sin mesa").getByText("Luis Torres", { exact: true })).toBeVisible();

  // Marta's invitation is declined after she was seated: she keeps the place, with a warning and a way out.
  await data.updateInvitation(marta.id, { status: "declined" });
  await page.goto("/admin/tables");
  const warning = page.getByRole("alert").getByText("Marta Ruiz sigue en Mesa 1, pero la invitación de Marta Ruiz ya no está confirmada");
  await expect(warning).toBeVisible();
  await expect(mesa1.getByText("Marta Ruiz", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Mover a Marta Ruiz a Sin mesa" }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByText("Sentados 1 de 2")).toBeVisible();

  await guest.context.close();
  await admin.context.close();
});

// The whole plan's one form is the page without JavaScript.
test("a refused plan comes back as it was chosen, and nothing is stored @no-js-only", async ({ browser }, testInfo) => {
  await data.createInvitation({ primaryGuest: "Rosa Vega", maxGuests: 2, confirmedGuests: ["Iván Vega"] });
  const admin = await openBrowser(browser, testInfo, server.baseURL);
  const page = admin.page;
  await login(page);
  await page.goto("/admin/tables");
  await addTable(page, "Mesa Firme", "4");
  await addTable(page, "Mesa Efímera", "4");
  // Another tab removes a table while this page still offers it.
  const other = await admin.context.newPage();
  await other.goto("/admin/tables");
  await card(other, "Mesa Efímera").getByText("Cambiar nombre o puestos").click();
  await card(other, "Mesa Efímera").getByRole("button", { name: "Eliminar Mesa Efímera" }).click();
  await other.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(card(other, "Mesa Efímera")).toHaveCount(0);

  await page.getByLabel("Mesa de Rosa Vega").selectOption({ label: "Mesa Firme" });
  await page.getByLabel("Mesa de Iván Vega").selectOption({ label: "Mesa Efímera" });
  await page.getByRole("button", { name: "Guardar mesas" }).click();
  await expect(page.getByText("Una de esas mesas ya no existe: recarga la página. No se guardó nada.")).toBeVisible();
  // What was chosen is still chosen (the table that is gone can no longer be offered).
  await expect(page.getByLabel("Mesa de Rosa Vega").locator("option:checked")).toHaveText("Mesa Firme");
  await page.goto("/admin/tables");
  await expect(card(page, "Sin mesa").getByText("Rosa Vega", { exact: true })).toBeVisible();
  await expect(card(page, "Mesa Firme").getByText("Nadie en esta mesa todavía.")).toBeVisible();
  await admin.context.close();
});

// With JavaScript each choice is its own post.
test("with JavaScript a refused move says why and the person's list shows where they still are @js-only", async ({ browser }, testInfo) => {
  await data.createInvitation({ primaryGuest: "Olga Paz", maxGuests: 1, confirmedGuests: [] });
  const admin = await openBrowser(browser, testInfo, server.baseURL);
  const page = admin.page;
  await login(page);
  await page.goto("/admin/tables");
  await addTable(page, "Mesa Fugaz", "4");
  const other = await admin.context.newPage();
  await other.goto("/admin/tables");
  await card(other, "Mesa Fugaz").getByText("Cambiar nombre o puestos").click();
  await card(other, "Mesa Fugaz").getByRole("button", { name: "Eliminar Mesa Fugaz" }).click();
  await other.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(card(other, "Mesa Fugaz")).toHaveCount(0);

  await page.getByLabel("Mesa de Olga Paz").selectOption({ label: "Mesa Fugaz" });
  await expect(page.getByText("Una de esas mesas ya no existe: recarga la página. No se guardó nada.").first()).toBeVisible();
  await expect(page.getByLabel("Mesa de Olga Paz").locator("option:checked")).toHaveText("Sin mesa");
  await expect(card(page, "Sin mesa").getByText("Olga Paz", { exact: true })).toBeVisible();
  await admin.context.close();
});

// Dragging needs the page's script.
test("with JavaScript a person or a whole invitation is dragged onto a table, and the keyboard moves them too @js-only", async ({ browser }, testInfo) => {
  await data.createInvitation({ primaryGuest: "Pedro Gil", maxGuests: 3, confirmedGuests: ["Sara Gil", "Tomás Gil"] });
  const admin = await openBrowser(browser, testInfo, server.baseURL);
  const page = admin.page;
  await login(page);
  // Tall enough that the table and 'Sin mesa' are both on screen: Playwright's drag does not scroll
  // in the middle of a drag the way a hand near the edge does.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto("/admin/tables");
  await addTable(page, "Mesa Gil", "10");
  const gil = card(page, "Mesa Gil");

  // The whole invitation by its name (draggable once the page's script runs).
  const group = card(page, "Sin mesa").getByText("Invitación de Pedro Gil");
  await expect(group).toHaveAttribute("draggable", "true");
  // The table's own save has settled (its answer and the page's reload) before the hand moves.
  await page.waitForLoadState("networkidle");
  await group.dragTo(gil);
  for (const person of ["Pedro Gil", "Sara Gil", "Tomás Gil"]) await expect(gil.getByText(person, { exact: true })).toBeVisible();
  await expect(gil.getByText("3 de 10 puestos")).toBeVisible();
  // The move's answer is in (its toast): the page is drawn as stored before the next drag starts.
  await expect(page.getByText("Mesas guardadas").filter({ visible: true }).first()).toBeVisible();

  // One person back to 'Sin mesa'.
  const tomas = gil.getByRole("listitem").filter({ hasText: "Tomás Gil" }).last();
  await expect(tomas).toHaveAttribute("draggable", "true");
  await page.waitForLoadState("networkidle");
  await tomas.getByText("Tomás Gil", { exact: true }).dragTo(card(page, "Sin mesa"));
  await expect(card(page, "Sin mesa").getByText("Tomás Gil", { exact: true })).toBeVisible();
  await expect(gil.getByText("Tomás Gil", { exact: true })).toHaveCount(0);

  // The keyboard: the person's 'Mesa' select, moved by arrow keys, saves on change.
  const select = page.getByLabel("Mesa de Tomás Gil");
  await select.focus();
  await expect(select).toHaveValue(/:$/);
  const options = await select.locator("option").allTextContents();
  for (let i = 0; i < options.indexOf("Mesa Gil"); i++) await page.keyboard.press("ArrowDown");
  await expect(gil.getByText("Tomás Gil", { exact: true })).toBeVisible();
  await admin.context.close();
});

test("in English: the screen, the totals and the guest's table", async ({ browser }, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "Emma Stone", maxGuests: 2, confirmedGuests: ["Noah Stone"], language: "en" });
  const admin = await openBrowser(browser, testInfo, server.baseURL, "en");
  const page = admin.page;
  await login(page, { lng: "en" });
  await page.getByRole("link", { name: "Tables" }).click();
  await expect(page.getByRole("heading", { name: "Tables", exact: true })).toBeVisible();
  await addTable(page, "Table 7", "6", "en");
  await page.getByLabel("Table for Emma Stone").selectOption({ label: "Table 7" });
  if (!jsDisabled(testInfo)) await expect(card(page, "Table 7").getByText("Emma Stone", { exact: true })).toBeVisible();
  await page.getByLabel("Table for Noah Stone").selectOption({ label: "Table 7" });
  if (jsDisabled(testInfo)) await page.getByRole("button", { name: "Save tables" }).click();
  await expect(card(page, "Table 7").getByText("Noah Stone", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Seated \d+ of \d+$/)).toBeVisible();
  await expect(card(page, "Table 7").getByText("2 of 6 seats · 4 free seats")).toBeVisible();
  // Published by the first test of this run (the setting is the site's).
  await expect(page.getByLabel("Publish tables")).toBeChecked();

  const guest = await openBrowser(browser, testInfo, server.baseURL, "en");
  await enterCode(guest.page, inv.code, { lng: "en" });
  await expect(guest.page.getByText("Your table: Table 7")).toBeVisible();
  await guest.context.close();
  await admin.context.close();
});

for (const lng of ["es", "en"] as const) {
  const text = {
    es: {
      tab: "Mesas",
      name: "Nombre o número",
      seats: "Puestos",
      add: "Agregar mesa",
      edit: "Cambiar nombre o puestos",
      save: "Guardar mesa",
      taken: "Ya hay una mesa con ese nombre.",
    },
    en: {
      tab: "Tables",
      name: "Name or number",
      seats: "Seats",
      add: "Add table",
      edit: "Change name or seats",
      save: "Save table",
      taken: "There is already a table with that name.",
    },
  }[lng];
  test(`a name another table has is refused on its field, in a new table and a rename; a table keeps its own name in another case (${lng})`, async ({
    browser,
  }, testInfo) => {
    const project = jsDisabled(testInfo) ? "sin" : "con";
    const [first, other] = [`Mesa Única ${lng} ${project}`, `Mesa Otra ${lng} ${project}`];
    const admin = await openBrowser(browser, testInfo, server.baseURL, lng);
    const page = admin.page;
    await login(page, { lng });
    await page.getByRole("link", { name: text.tab, exact: true }).click();
    await addTable(page, first, "8", lng);
    await addTable(page, other, "6", lng);

    // The same name again, with other spaces and case: refused on the name field, nothing added.
    const addForm = page.locator("form").filter({ has: page.getByRole("button", { name: text.add }) });
    await addForm.getByLabel(text.name).fill(`  ${first.toUpperCase()} `);
    await addForm.getByLabel(text.seats).fill("4");
    await addForm.getByRole("button", { name: text.add }).click();
    await expect(addForm.getByLabel(text.name)).toHaveAccessibleDescription(text.taken);
    await expect(addForm.getByLabel(text.name)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("region", { name: new RegExp(`^${first}$`, "i") })).toHaveCount(1);

    // Renaming the other table to it: refused on that form's field; the table keeps its name.
    const otherCard = card(page, other);
    await otherCard.getByText(text.edit).click();
    await otherCard.getByLabel(text.name).fill(first.toLowerCase());
    await otherCard.getByRole("button", { name: text.save }).click();
    await expect(otherCard.getByLabel(text.name)).toHaveAccessibleDescription(text.taken);
    await expect(card(page, other)).toBeVisible();
    await expect(page.getByRole("region", { name: new RegExp(`^${first}$`, "i") })).toHaveCount(1);
    // Only the form that was sent says so.
    await expect(card(page, first).getByLabel(text.name)).not.toHaveAttribute("aria-invalid", "true");

    // A table renamed to its own name in another case: saved.
    const firstCard = card(page, first);
    await firstCard.getByText(text.edit).click();
    await firstCard.getByLabel(text.name).fill(first.toUpperCase());
    await firstCard.getByRole("button", { name: text.save }).click();
    await expect(card(page, first.toUpperCase())).toBeVisible();
    await expect(card(page, first)).toHaveCount(0);
    await admin.context.close();
  });
}

test("'Mesas' links to the printables: table cards, place cards and the entrance's list", async ({ browser }, testInfo) => {
  const admin = await openBrowser(browser, testInfo, server.baseURL);
  await login(admin.page);
  await admin.page.goto("/admin/tables");
  for (const [link, kind] of [
    ["Tarjetas de mesa", "table-cards"],
    ["Tarjetas de lugar", "place-cards"],
    ["Lista de mesas para la entrada", "entrance"],
  ]) {
    await admin.page.goto("/admin/tables");
    await admin.page.getByRole("link", { name: link }).click();
    await expect(admin.page).toHaveURL(new RegExp(`/admin/tables/print\\?print=${kind}`));
    await expect(admin.page.getByRole("heading", { name: link }).first()).toBeVisible();
  }
  await admin.context.close();
});
