import { enterCode, expect, jsDisabled, login, openBrowser, startServer, test, TestData } from "./fixtures";

/**
 * The couple's menu and the children question (decision 0056), JavaScript on and off, Spanish and
 * English. The switches are the whole site's: each project's run has its own server and database,
 * so the other specs (confirm.spec.ts: nothing turned on) see the flow unchanged.
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

const DISHES = [
  { es: "Carne", en: "Meat" },
  { es: "Pescado", en: "Fish" },
  { es: "Menú infantil", en: "Kids' menu" },
];

test("with nothing turned on the guest's form asks no menu; the couple sets three dishes and turns the menu and children on", async ({ browser }, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "Sin Menú", maxGuests: 1 });
  const guest = await openBrowser(browser, testInfo, server.baseURL);
  await enterCode(guest.page, inv.code);
  await expect(guest.page.getByRole("button", { name: "Confirmar Asistencia" })).toBeVisible();
  await expect(guest.page.getByRole("combobox", { name: "Menú", exact: true })).toHaveCount(0);
  await expect(guest.page.getByLabel("Niño o niña (menor de 12 años)")).toHaveCount(0);
  await guest.context.close();

  const admin = await openBrowser(browser, testInfo, server.baseURL);
  const page = admin.page;
  await login(page);
  await page.getByRole("link", { name: "Menú" }).click();
  await expect(page.getByRole("heading", { name: "Menú", exact: true })).toBeVisible();
  for (const dish of DISHES) {
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Agregar plato" }) });
    await form.getByLabel("Plato (ES)").fill(dish.es);
    await form.getByLabel("Plato (EN)").fill(dish.en);
    await form.getByRole("button", { name: "Agregar plato" }).click();
    await expect(page.getByRole("group", { name: dish.es })).toBeVisible();
  }
  // A dish needs its Spanish name: refused, nothing added.
  await page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Agregar plato" }) })
    .getByRole("button", { name: "Agregar plato" })
    .click();
  await expect(page.getByText("Escribe el nombre del plato en español.").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole("group")).toHaveCount(3);

  await page.getByLabel("Pedir el menú a cada invitado").check();
  await page.getByLabel("Preguntar por niños").check();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText("Ajustes del menú guardados").filter({ visible: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Pedir el menú a cada invitado")).toBeChecked();
  await expect(page.getByLabel("Preguntar por niños")).toBeChecked();
  await admin.context.close();
});

test("a three-seat invitation chooses a dish per person and marks a child; a missing dish is refused and nothing stored; the caterer's report counts exactly", async ({
  browser,
}, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "Familia Ruiz", maxGuests: 3 });
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
  await enterCode(page, inv.code);
  await page.getByRole("combobox", { name: "Menú", exact: true }).selectOption({ label: "Carne" });
  let scope = page.locator("body");
  const send = async () => {
    if (jsDisabled(testInfo)) await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    else await scope.getByRole("button", { name: "Confirmar", exact: true }).click();
  };
  if (!jsDisabled(testInfo)) {
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    scope = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
  }
  await scope.getByLabel("Invitado Adicional 1").fill("Marta Ruiz");
  await scope.getByLabel("Menú (adicional 1)").selectOption({ label: "Pescado" });
  await scope.getByLabel("Invitado Adicional 2").fill("Leo Ruiz");
  await scope.getByLabel("Niño o niña (menor de 12 años) (adicional 2)").check();

  if (jsDisabled(testInfo)) {
    // Without JavaScript the browser asks for the dish first; the server refuses a post without one all the same.
    const refused = await page.request.post("/confirm", {
      form: { intent: "confirm", primaryDish: "", "guests[0]": "Marta Ruiz", "guests[1]": "Leo Ruiz" },
      headers: { Origin: server.baseURL },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Por favor, elige el menú de cada persona.");
  } else {
    await send();
    await expect(scope.getByText("Por favor, elige el menú de cada persona.")).toBeVisible();
    // What was typed stays.
    await expect(scope.getByLabel("Invitado Adicional 2")).toHaveValue("Leo Ruiz");
  }
  expect(await data.guestsOf(inv.id)).toEqual([]);
  expect((await data.invitation(inv.id))?.status).toBe("pending");

  await scope.getByLabel("Menú (adicional 2)").selectOption({ label: "Menú infantil" });
  await send();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
  const list = page.getByRole("list", { name: "Invitados confirmados" });
  await expect(list.getByRole("listitem")).toHaveText(["Familia RuizMenú: Carne", "Marta RuizMenú: Pescado", "Leo RuizMenú: Menú infantilNiño o niña"]);
  const stored = await data.invitation(inv.id);
  expect(stored?.guests.map((g) => [g.fullName, g.isChild ?? false])).toEqual([
    ["Familia Ruiz", false],
    ["Marta Ruiz", false],
    ["Leo Ruiz", true],
  ]);
  await context.close();

  const admin = await openBrowser(browser, testInfo, server.baseURL);
  await login(admin.page);
  await admin.page.goto("/admin/invitations");
  await expect(admin.page.getByRole("row").filter({ hasText: "Familia Ruiz" })).toContainText("Menú: Pescado");
  // 'Por menú': only the invitations with someone choosing that dish.
  await admin.page.getByLabel("Por menú").selectOption({ label: "Menú infantil" });
  await admin.page.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin.page.getByRole("row").filter({ hasText: "Familia Ruiz" })).toBeVisible();
  await expect(admin.page.getByRole("row").filter({ hasText: "Sin Menú" })).toHaveCount(0);

  await admin.page.goto("/admin/catering");
  await expect(admin.page.getByRole("heading", { name: "Informe para el catering" })).toBeVisible();
  const row = (name: string) => admin.page.getByRole("row", { name, exact: false });
  await expect(row("Adultos")).toContainText("2");
  await expect(row("Niños")).toContainText("1");
  for (const dish of ["Carne", "Pescado", "Menú infantil"]) await expect(admin.page.getByRole("row", { name: `${dish} 1`, exact: true })).toBeVisible();
  const csv = await admin.page.request.get("/admin/catering.csv");
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain(",total,adults,2,");
  expect(text).toContain(",total,children,1,");
  expect(text).toContain(",guest,,,Leo Ruiz,Familia Ruiz,Menú infantil,yes,");

  // 'Editar respuesta': the couple changes Marta's dish; a dish left empty is refused first.
  await admin.page.goto("/admin/invitations");
  await admin.page.getByRole("row").filter({ hasText: "Familia Ruiz" }).getByRole("link", { name: "Editar respuesta" }).click();
  await expect(admin.page.getByRole("heading", { name: "Editar respuesta: Familia Ruiz" })).toBeVisible();
  await admin.page.getByLabel("Menú de Marta Ruiz").selectOption({ label: "Elige un plato" });
  await admin.page.getByRole("button", { name: "Guardar respuesta" }).click();
  await expect(admin.page.getByText("Por favor, elige el menú de cada persona.")).toBeVisible();
  expect((await data.invitation(inv.id))?.guests.map((g) => g.dishId !== undefined)).toEqual([true, true, true]);
  await admin.page.getByLabel("Menú de Marta Ruiz").selectOption({ label: "Carne" });
  await admin.page.getByRole("button", { name: "Guardar respuesta" }).click();
  await expect(admin.page.getByRole("row").filter({ hasText: "Familia Ruiz" })).toContainText("Marta RuizMenú: Carne");
  await admin.page.goto("/admin/catering");
  await expect(admin.page.getByRole("row", { name: "Carne 2", exact: true })).toBeVisible();
  await expect(admin.page.getByRole("row", { name: "Pescado 0", exact: true })).toBeVisible();
  await admin.context.close();
});

test("in English: the dishes' English names, and the refusal in English", async ({ browser }, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "Smith Family", maxGuests: 1 });
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL, "en");
  await enterCode(page, inv.code, { lng: "en" });
  await expect(page.getByRole("combobox", { name: "Menu", exact: true }).getByRole("option")).toHaveText(["Choose a dish", "Meat", "Fish", "Kids' menu"]);
  await expect(page.getByLabel("Child (under 12)")).toBeVisible();
  const refused = await page.request.post("/confirm", {
    form: { intent: "confirm", primaryDish: "999999" },
    headers: { Origin: server.baseURL },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("That dish is not on the menu.");
  expect(await data.guestsOf(inv.id)).toEqual([]);
  await page.getByRole("combobox", { name: "Menu", exact: true }).selectOption({ label: "Fish" });
  await page.getByRole("button", { name: "Confirm Attendance" }).click();
  await expect(page.getByRole("heading", { name: "Attendance Confirmed!" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Confirmed guests" })).toContainText("Menu: Fish");
  await context.close();
});
