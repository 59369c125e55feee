import type { Page } from "@playwright/test";
import { enterCode, expect, login, startServer, test, TestData } from "./fixtures";

/**
 * Several events (docs/decisions/0057-events.md), on a server of their own: the couple's events
 * are site-wide, and every other spec runs on a site without them (its flow unchanged).
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
  data?.close();
  await server?.stop();
});

async function setLanguage(page: Page, lng: "es" | "en") {
  await page.context().addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: server.baseURL }]);
}

/** The per-event row of Estadísticas: confirmed, not attending, pending. */
async function eventRow(page: Page, name: string) {
  const row = page.getByRole("table").getByRole("row", { name: new RegExp(`^${name}`) });
  return (await row.getByRole("cell").allTextContents()).map(Number);
}

test("with two events a three-seat invitation answers per person, and the totals per event are exact", async ({ page }) => {
  test.slow();
  await login(page, { base: server.baseURL });
  await page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Eventos" }).click();
  await expect(page.getByRole("heading", { name: "Eventos", exact: true })).toBeVisible();
  const add = page.getByRole("region", { name: "Agregar evento" });
  // Refused: no Spanish name; what was typed stays.
  await add.getByLabel("Fecha y hora").fill("2026-01-16T19:00");
  await add.getByRole("button", { name: "Agregar evento" }).click();
  await expect(add.getByText("El nombre en español es obligatorio.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Agregar evento" }).getByLabel("Fecha y hora")).toHaveValue("2026-01-16T19:00");
  await page.getByRole("region", { name: "Agregar evento" }).getByLabel("Nombre (ES)").fill("Cena de ensayo");
  await page.getByRole("region", { name: "Agregar evento" }).getByLabel("Nombre (EN)").fill("Rehearsal dinner");
  await page.getByRole("region", { name: "Agregar evento" }).getByRole("button", { name: "Agregar evento" }).click();
  await expect(page.getByRole("article", { name: "Cena de ensayo" })).toBeVisible();

  // Crear: 'Invitado a' ticks every event at first.
  await page.goto(`${server.baseURL}/admin/create`);
  const invitedTo = page.getByRole("group", { name: "Invitado a" });
  await expect(invitedTo.getByRole("checkbox", { name: "Cena de ensayo" })).toBeChecked();
  await page.getByLabel("Invitado Principal").fill("Ana Ruiz");
  await page.getByLabel("Número Máximo de Invitados").fill("3");
  await page.getByRole("button", { name: "Crear Invitación" }).click();
  const code = (await page.locator(".invitation-code").first().textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  // Another invitation, still pending: its seats count as pending for both events.
  await data.createInvitation({ primaryGuest: "Pepe Gil", maxGuests: 2 });

  // The guest answers per person: Ana the wedding only, Luis both, Eva the dinner only.
  await enterCode(page, code, { base: server.baseURL });
  const ana = page.getByRole("group", { name: "¿A qué eventos asistirá Ana Ruiz?" });
  await expect(ana.getByRole("checkbox", { name: "Boda" })).toBeChecked();
  await expect(ana.getByRole("checkbox", { name: "Cena de ensayo" })).toBeChecked();
  await ana.getByRole("checkbox", { name: "Cena de ensayo" }).uncheck();
  await page.getByLabel("Invitado Adicional 1", { exact: true }).fill("Luis Ruiz");
  await page.getByLabel("Invitado Adicional 2", { exact: true }).fill("Eva Ruiz");
  await page.getByRole("group", { name: "¿A qué eventos asistirá Invitado Adicional 2?" }).getByRole("checkbox", { name: "Boda" }).uncheck();
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();

  // The guest's home page and calendar file hold the events the invitation is invited to.
  await page.goto(`${server.baseURL}/`);
  const listed = page.getByRole("region", { name: "Eventos" });
  await expect(listed.getByRole("heading", { name: "Cena de ensayo" })).toBeVisible();
  await expect(listed.getByRole("heading", { name: "Boda" })).toBeVisible();
  const ics = await (await page.request.get(`${server.baseURL}/wedding.ics`)).text();
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(ics).toContain("SUMMARY:Cena de ensayo");

  await page.goto(`${server.baseURL}/admin`);
  await expect(page.getByRole("heading", { name: "Por evento" })).toBeVisible();
  expect(await eventRow(page, "Boda")).toEqual([2, 1, 2]);
  expect(await eventRow(page, "Cena de ensayo")).toEqual([2, 1, 2]);
});

test("an event the invitation is not invited to is refused in the guest's language, and nothing is stored", async ({ page }) => {
  await login(page, { base: server.baseURL });
  await page.goto(`${server.baseURL}/admin/create`);
  const dinner = page.getByRole("group", { name: "Invitado a" }).getByRole("checkbox", { name: "Cena de ensayo" });
  const dinnerId = await dinner.getAttribute("value");
  await dinner.uncheck();
  await page.getByLabel("Invitado Principal").fill("Rosa Mora");
  await page.getByRole("button", { name: "Crear Invitación" }).click();
  const code = (await page.locator(".invitation-code").first().textContent())!.trim();

  // Invited to the wedding only: the spec's flow, no question per event.
  await enterCode(page, code, { base: server.baseURL });
  await expect(page.getByRole("button", { name: "Confirmar Asistencia" })).toBeVisible();
  await setLanguage(page, "en");
  await page.goto(`${server.baseURL}/confirm`);
  await expect(page.getByRole("button", { name: "Confirm Attendance" })).toBeVisible();
  await expect(page.getByText("Which events will")).toHaveCount(0);
  const refused = await page.request.post(`${server.baseURL}/confirm`, {
    form: { intent: "confirm", attendsAsked: "yes", attends: `0:${dinnerId}` },
    headers: { Origin: server.baseURL },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("This invitation does not include one of the events chosen.");
  const stored = (await data.invitations.list()).find((i) => i.code === code);
  expect(stored?.status).toBe("pending");
});

test("the guest list's CSV keeps each invitation's events through an export and an import", async ({ page }) => {
  await login(page, { base: server.baseURL });
  const exported = await page.request.get(`${server.baseURL}/admin/export.csv`);
  const csv = await exported.text();
  expect(csv.split("\r\n")[0]).toMatch(/,email,eventos,asistencia$/);
  expect(csv).toContain("Boda; Cena de ensayo");
  const before = new Map((await data.invitations.list()).map((i) => [i.primaryGuest, i.events]));
  expect(before.get("Rosa Mora")).toEqual([0]);

  // An empty site, then the file back through 'Importar CSV'.
  for (const inv of await data.invitations.list()) await data.invitations.remove(inv.id);
  await page.goto(`${server.baseURL}/admin/import`);
  await page.getByLabel("Archivo CSV").setInputFiles({ name: "invitados.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: "Revisar archivo" }).click();
  await page.getByRole("button", { name: /^Crear \d+ invitaciones$/ }).click();
  await expect(page).toHaveURL(/\/admin\/invitations$/);
  const after = new Map((await data.invitations.list()).map((i) => [i.primaryGuest, i.events]));
  expect(after).toEqual(before);
});

test("Invitaciones filters 'Por evento': only the invitations invited to the chosen event", async ({ page }) => {
  await login(page, { base: server.baseURL });
  await page.goto(`${server.baseURL}/admin/create`);
  await page.getByRole("group", { name: "Invitado a" }).getByRole("checkbox", { name: "Cena de ensayo" }).uncheck();
  await page.getByLabel("Invitado Principal").fill("Marta Sol");
  await page.getByRole("button", { name: "Crear Invitación" }).click();
  await expect(page.locator(".invitation-code").first()).toHaveText(/^[A-Z0-9]{6}$/);

  await page.goto(`${server.baseURL}/admin/invitations`);
  await expect(page.getByRole("row").filter({ hasText: "Marta Sol" })).toBeVisible();
  const byEvent = page.getByLabel("Por evento");
  await byEvent.selectOption({ label: "Cena de ensayo" });
  await byEvent.locator("xpath=ancestor::form").getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/event=\d+/);
  await expect(page.getByRole("row").filter({ hasText: "Pepe Gil" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Marta Sol" })).toHaveCount(0);
  await expect(page.getByLabel("Por evento")).toHaveValue(/^\d+$/);
  // The filter's select is a full-size target.
  expect((await page.getByLabel("Por evento").boundingBox())!.height).toBeGreaterThanOrEqual(44);
});

test("'Subir' and 'Bajar' reorder the events; one nobody answered is removed at once, one with answers asks first", async ({ page }) => {
  await login(page, { base: server.baseURL });
  await page.goto(`${server.baseURL}/admin/events`);
  const add = () => page.getByRole("region", { name: "Agregar evento" });
  await add().getByLabel("Nombre (ES)").fill("Brunch");
  await add().getByLabel("Nombre (EN)").fill("Brunch");
  await add().getByLabel("Fecha y hora").fill("2031-01-18T11:00");
  await add().getByRole("button", { name: "Agregar evento" }).click();
  await expect(page.getByRole("article", { name: "Brunch" })).toBeVisible();
  const order = async () => (await page.locator("article.admin-event h3").allTextContents()).filter((n) => n !== "Boda");
  expect(await order()).toEqual(["Cena de ensayo", "Brunch"]);
  // The first row cannot go up, the last cannot go down.
  await expect(page.getByRole("button", { name: "Subir: Cena de ensayo" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Bajar: Brunch" })).toHaveCount(0);

  await page.getByRole("button", { name: "Subir: Brunch" }).click();
  await expect(page.getByRole("button", { name: "Bajar: Brunch" })).toBeVisible();
  expect(await order()).toEqual(["Brunch", "Cena de ensayo"]);
  await page.reload();
  expect(await order()).toEqual(["Brunch", "Cena de ensayo"]);

  // Nobody can have answered the brunch yet: it goes without a question.
  await page.getByRole("button", { name: "Eliminar: Brunch" }).click();
  await expect(page.getByRole("article", { name: "Brunch" })).toHaveCount(0);

  // A guest attends the dinner: removing it asks first (a dialog with JavaScript, its own page without); 'Cancelar' keeps it.
  const invitation = await data.createInvitation({ primaryGuest: "Rosa Paz", maxGuests: 1 });
  await enterCode(page, invitation.code, { base: server.baseURL });
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
  await page.goto(`${server.baseURL}/admin/events`);
  await expect(page.getByRole("article", { name: "Cena de ensayo" })).not.toContainText("0 personas");
  await page.getByRole("button", { name: "Eliminar: Cena de ensayo" }).click();
  await expect(page.getByText('¿Eliminar el evento "Cena de ensayo"? Sus respuestas dejarán de contar en los totales.')).toBeVisible();
  await page
    .getByRole("button", { name: "Cancelar" })
    .or(page.getByRole("link", { name: "Cancelar" }))
    .click();
  await page.goto(`${server.baseURL}/admin/events`);
  await expect(page.getByRole("article", { name: "Cena de ensayo" })).toBeVisible();
  await page.getByRole("button", { name: "Eliminar: Cena de ensayo" }).click();
  await page.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.getByRole("article", { name: "Cena de ensayo" })).toHaveCount(0);
});
