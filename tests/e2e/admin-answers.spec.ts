import type { Page } from "@playwright/test";
import { chooseLanguage, expect, test, type TestData } from "./fixtures";

/** Answers (decision 0012), the couple's side: answers in the table, search and filters, 'Editar Invitación', the new statistics. */

const PASSWORD = "e2e-admin-password";

async function login(page: Page, texts = { password: "Contraseña", submit: "Acceder", title: "Panel de Administración" }) {
  await page.goto("/admin");
  await page.getByLabel(texts.password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: texts.submit }).click();
  await expect(page.getByRole("heading", { name: texts.title, exact: true })).toBeVisible();
}

/** A tag unique to the test, so rows created by other tests never match its search. */
const tag = () => Math.random().toString(36).slice(2, 7);

/** An invitation the admin marked 'No asistirá' (as when the guests call to say so). */
function declined(data: TestData, primaryGuest: string, maxGuests = 2) {
  return data.createInvitation({ primaryGuest, maxGuests, declined: true });
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test.describe("admin: answers in the invitations table", () => {
  test("Estado shows Confirmado, Pendiente or 'No asistirá'; each guest's note and the message show in the row", async ({ page, data }) => {
    const t = tag();
    await data.createInvitation({
      primaryGuest: `Sí ${t}`,
      maxGuests: 2,
      confirmedGuests: [`Hija ${t}`],
      dietary: { [`Hija ${t}`]: "vegetariana" },
      message: "¡Gracias por invitarnos!",
    });
    await data.createInvitation({ primaryGuest: `Quizá ${t}` });
    await declined(data, `No ${t}`);
    await login(page);
    await page.goto(`/admin/invitations?q=${t}`);
    await expect(row(page, `Sí ${t}`).getByText("Confirmado", { exact: true })).toBeVisible();
    await expect(row(page, `Quizá ${t}`).getByText("Pendiente", { exact: true })).toBeVisible();
    await expect(row(page, `No ${t}`).getByText("No asistirá", { exact: true })).toBeVisible();
    await expect(row(page, `Sí ${t}`)).toContainText("Restricciones alimentarias: vegetariana");
    await expect(row(page, `Sí ${t}`)).toContainText("Mensaje: ¡Gracias por invitarnos!");
  });

  test("search (name or code) and the filters are a GET form: the URL can be shared", async ({ page, data }) => {
    const t = tag();
    const yes = await data.createInvitation({ primaryGuest: `Lucía ${t}`, maxGuests: 1, confirmedGuests: [] });
    await data.createInvitation({ primaryGuest: `Pedro ${t}` });
    await declined(data, `Marta ${t}`);
    await login(page);
    await page.goto("/admin/invitations");
    await page.getByLabel("Buscar", { exact: true }).fill(t);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${t}`));
    await expect(page.getByRole("row")).toHaveCount(4); // header + three
    const filters = page.getByRole("navigation", { name: "Filtrar por estado" });
    await filters.getByRole("link", { name: "No asistirán" }).click();
    await expect(page).toHaveURL(/status=declined/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(row(page, `Marta ${t}`)).toBeVisible();
    await filters.getByRole("link", { name: "Pendientes" }).click();
    await expect(row(page, `Pedro ${t}`)).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);
    await filters.getByRole("link", { name: "Confirmadas" }).click();
    await expect(row(page, `Lucía ${t}`)).toBeVisible();
    await filters.getByRole("link", { name: "Todas" }).click();
    await expect(page.getByRole("row")).toHaveCount(4);
    // The code finds its invitation; a shared URL shows the same list.
    await page.goto(`/admin/invitations?q=${yes.code.toLowerCase()}`);
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.goto(`/admin/invitations?q=${t}&status=declined`);
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.goto(`/admin/invitations?q=nadie-${t}`);
    await expect(page.getByText("Ninguna invitación coincide con la búsqueda.")).toBeVisible();
  });
});

test.describe("admin: 'Editar Invitación'", () => {
  async function openEdit(page: Page, t: string, name: string) {
    await page.goto(`/admin/invitations?q=${t}`);
    await page.getByRole("link", { name: `Editar invitación de ${name}` }).click();
    const scope = page.getByRole("dialog", { name: "Editar Invitación" }).or(page.getByRole("region", { name: "Editar Invitación" }));
    await expect(scope).toBeVisible();
    return scope;
  }

  test("renames and changes the seats: 'Invitación actualizada exitosamente'", async ({ page, data }) => {
    const t = tag();
    const inv = await data.createInvitation({ primaryGuest: `Primo ${t}`, maxGuests: 2 });
    await login(page);
    const form = await openEdit(page, t, `Primo ${t}`);
    await form.getByLabel("Invitado Principal").fill(`Primo Juan ${t}`);
    await form.getByLabel("Número Máximo de Invitados").fill("4");
    await form.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(page.getByText("Invitación actualizada exitosamente").first()).toBeAttached();
    await expect(row(page, `Primo Juan ${t}`)).toBeVisible();
    expect(await data.invitation(inv.id)).toMatchObject({ primaryGuest: `Primo Juan ${t}`, maxGuests: 4 });
  });

  test("the success toast shows even when its code arrives after the dialog has closed @js-only", async ({ page, data }) => {
    const t = tag();
    await data.createInvitation({ primaryGuest: `Lento ${t}`, maxGuests: 2 });
    await login(page);
    const form = await openEdit(page, t, `Lento ${t}`);
    // From here on, every script the page asks for arrives late (a slow phone): the page's data
    // is reloaded without the message well before the toast's code is there.
    await page.route("**/assets/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => {});
    });
    await form.getByLabel("Invitado Principal").fill(`Lenta ${t}`);
    await form.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(row(page, `Lenta ${t}`)).toBeVisible();
    await expect(page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: "Invitación actualizada exitosamente" }).first()).toBeVisible();
  });

  test("seats below the guests already confirmed are refused: 'Error al actualizar la invitación'", async ({ page, data }) => {
    const t = tag();
    const inv = await data.createInvitation({ primaryGuest: `Lleno ${t}`, maxGuests: 3, confirmedGuests: [`Uno ${t}`, `Dos ${t}`] });
    await login(page);
    const form = await openEdit(page, t, `Lleno ${t}`);
    await form.getByLabel("Número Máximo de Invitados").fill("2");
    await form.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(page.getByText("Error al actualizar la invitación").first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "confirmados" }).first()).toBeVisible();
    expect((await data.invitation(inv.id))?.maxGuests).toBe(3);
  });

  test("back to Pendiente after a question: the additional guests are removed", async ({ page, data }) => {
    const t = tag();
    const inv = await data.createInvitation({ primaryGuest: `Llamó ${t}`, maxGuests: 3, confirmedGuests: [`Acompañante ${t}`] });
    await login(page);
    const form = await openEdit(page, t, `Llamó ${t}`);
    await form.getByLabel("Volver a Pendiente").check();
    await form.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(page.getByText("¿Seguro que deseas cambiar la respuesta? Se quitarán los invitados adicionales de esta invitación.")).toBeVisible();
    expect((await data.invitation(inv.id))?.confirmed).toBe(true);
    await page.getByRole("button", { name: "Sí, cambiar la respuesta" }).click();
    await expect(page.getByText("Invitación actualizada exitosamente").first()).toBeAttached();
    await expect(row(page, `Llamó ${t}`).getByText("Pendiente", { exact: true })).toBeVisible();
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);
    expect(await data.guestsOf(inv.id)).toEqual([`Llamó ${t}`]);
  });

  test("marks 'No asistirá'", async ({ page, data }) => {
    const t = tag();
    const inv = await data.createInvitation({ primaryGuest: `Ausente ${t}`, maxGuests: 2 });
    await login(page);
    const form = await openEdit(page, t, `Ausente ${t}`);
    await form.getByLabel("Marcar como No asistirá").check();
    await form.getByRole("button", { name: "Guardar Cambios" }).click();
    await page.getByRole("button", { name: "Sí, cambiar la respuesta" }).click();
    await expect(row(page, `Ausente ${t}`).getByText("No asistirá", { exact: true })).toBeVisible();
    expect((await data.invitation(inv.id))?.status).toBe("declined");
  });

  test("in English", async ({ page, data }) => {
    await chooseLanguage(page, "en");
    const t = tag();
    await data.createInvitation({ primaryGuest: `Cousin ${t}`, maxGuests: 2 });
    await login(page, { password: "Password", submit: "Sign in", title: "Admin Panel" });
    await page.goto(`/admin/invitations?q=${t}`);
    await expect(row(page, `Cousin ${t}`).getByText("Pending", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: `Edit Cousin ${t}'s invitation` }).click();
    const form = page.getByRole("dialog", { name: "Edit Invitation" }).or(page.getByRole("region", { name: "Edit Invitation" }));
    await form.getByLabel("Mark as Not attending").check();
    await form.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("button", { name: "Yes, change the answer" }).click();
    await expect(page.getByText("Invitation updated successfully").first()).toBeAttached();
    await expect(row(page, `Cousin ${t}`).getByText("Not attending", { exact: true })).toBeVisible();
  });
});

test.describe("admin: the new statistics", () => {
  test("'No asistirán', 'Pendientes' and the 'Restricciones alimentarias' list for the caterer", async ({ page, data }) => {
    const t = tag();
    await data.createInvitation({
      primaryGuest: `Comensal ${t}`,
      maxGuests: 2,
      confirmedGuests: [`Pareja ${t}`],
      dietary: { [`Pareja ${t}`]: `sin mariscos ${t}` },
    });
    await declined(data, `Lejos ${t}`, 3);
    await login(page);
    await page.goto("/admin");
    for (const title of ["Invitados Totales", "Confirmados", "Invitaciones", "No asistirán", "Pendientes", "Restricciones alimentarias"]) {
      await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
    const declinedCard = page.getByRole("region", { name: "No asistirán" });
    await expect(declinedCard).toContainText(/puestos? liberados?/);
    await expect(page.getByRole("region", { name: "Pendientes" })).toContainText(/sin responder/);
    const dietary = page.getByRole("region", { name: "Restricciones alimentarias" });
    await expect(dietary).toContainText(/invitados? con restricciones alimentarias/);
    await expect(dietary.getByRole("listitem").filter({ hasText: `sin mariscos ${t}` })).toContainText(`Pareja ${t}`);
  });

  test("in English", async ({ page, data }) => {
    await chooseLanguage(page, "en");
    await declined(data, `Away ${tag()}`);
    await login(page, { password: "Password", submit: "Sign in", title: "Admin Panel" });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Not attending", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pending", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dietary restrictions", exact: true })).toBeVisible();
  });
});
