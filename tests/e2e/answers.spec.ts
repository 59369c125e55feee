import type { Page } from "@playwright/test";
import { chooseLanguage, expect, jsDisabled, test } from "./fixtures";

/** Answers (decision 0012), the guests' side: a "no", dietary needs, a message, and stale tabs (es and en, with and without JavaScript). */

async function openInvitation(page: Page, code: string, label = "Código de Invitación", verify = "Verificar Código") {
  await page.goto("/confirm");
  await page.getByLabel(label).fill(code);
  await page.getByRole("button", { name: verify }).click();
}

async function decline(
  page: Page,
  testInfo: { project: { name: string } },
  texts = { button: "No podré asistir", question: "¿Seguro que no podrás acompañarnos?", yes: "Sí, no podré asistir" },
) {
  await page.getByRole("link", { name: texts.button }).click();
  if (jsDisabled(testInfo)) {
    // Without JavaScript the question is a page of its own.
    await expect(page.getByRole("alertdialog")).toContainText(texts.question);
    await page.getByRole("button", { name: texts.yes }).click();
  } else {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(texts.question);
    await dialog.getByRole("button", { name: texts.yes }).click();
  }
}

test.describe("answers: a 'no'", () => {
  test("a guest declines after a second question, sees the declined view, and the RSVP links read as answered", async ({ page, data }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: "Rosa Díaz", maxGuests: 3 });
    await openInvitation(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Rosa Díaz" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirmar Asistencia" })).toBeVisible();
    await decline(page, testInfo);
    await expect(page.getByRole("heading", { name: "Lamentamos que no puedas acompañarnos" })).toBeVisible();
    await expect(page.getByText("Gracias por avisarnos.").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al Inicio" })).toBeVisible();
    expect(await data.invitation(inv.id)).toMatchObject({ confirmed: false });
    expect((await data.invitation(inv.id))?.status).toBe("declined");

    // Answered: the top-bar link is greyed out and the home button disabled, saying so.
    const nav = page.getByRole("navigation", { name: "Navegación principal" }).first();
    await expect(nav.locator('[aria-disabled="true"]', { hasText: "Confirmar" }).first()).toBeAttached();
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Respuesta ya enviada" })).toBeDisabled();
  });

  test("'Cancelar' at the question leaves the invitation pending", async ({ page, data }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: "Indeciso Pérez" });
    await openInvitation(page, inv.code);
    await page.getByRole("link", { name: "No podré asistir" }).click();
    if (jsDisabled(testInfo)) await page.getByRole("link", { name: "Cancelar" }).click();
    else await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
    await expect(page.getByRole("heading", { name: "Hola, Indeciso Pérez" })).toBeVisible();
    expect((await data.invitation(inv.id))?.status).toBe("pending");
  });

  test("in English", async ({ page, data }, testInfo) => {
    await chooseLanguage(page, "en");
    const inv = await data.createInvitation({ primaryGuest: "John Smith" });
    await openInvitation(page, inv.code, "Invitation Code", "Verify Code");
    await decline(page, testInfo, { button: "I can't make it", question: "Are you sure you can't join us?", yes: "Yes, I can't make it" });
    await expect(page.getByRole("heading", { name: "We're sorry you can't join us" })).toBeVisible();
    await expect(page.getByText("Thank you for letting us know.").first()).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Reply already sent" })).toBeDisabled();
  });
});

test.describe("answers: dietary needs and a message", () => {
  test("one seat: the note and the message go with 'Confirmar Asistencia' and show in the confirmed view", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Ana Beltrán", maxGuests: 1 });
    await openInvitation(page, inv.code);
    const dietary = page.getByLabel("Restricciones alimentarias", { exact: true });
    await expect(dietary).toHaveAttribute("placeholder", "Ej.: vegetariano, alergia a nueces");
    await dietary.fill("  vegetariano  ");
    await page.getByLabel("Mensaje para los novios").fill("¡Qué alegría! Allí estaré.");
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    const guests = page.getByRole("list", { name: "Invitados confirmados" });
    await expect(guests).toContainText("Ana Beltrán");
    await expect(guests).toContainText("Restricciones alimentarias: vegetariano");
    await expect(page.getByText("¡Qué alegría! Allí estaré.")).toBeVisible();
  });

  test("more seats: a note beside each additional guest (dialog with JavaScript, inline without)", async ({ page, data }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: "Carlos Ruiz", maxGuests: 3 });
    await openInvitation(page, inv.code);
    await page.getByLabel("Restricciones alimentarias", { exact: true }).fill("sin gluten");
    let scope = page.locator("main");
    if (!jsDisabled(testInfo)) {
      await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
      scope = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
    }
    await scope.getByLabel("Invitado Adicional 1", { exact: true }).fill("Marta Ruiz");
    await scope.getByLabel("Restricciones alimentarias (adicional 1)").fill("alergia a nueces");
    await scope.getByRole("button", { name: jsDisabled(testInfo) ? "Confirmar Asistencia" : "Confirmar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    const guests = page.getByRole("list", { name: "Invitados confirmados" });
    await expect(guests.getByRole("listitem")).toHaveCount(2);
    await expect(guests.getByRole("listitem").nth(0)).toContainText("Restricciones alimentarias: sin gluten");
    await expect(guests.getByRole("listitem").nth(1)).toContainText("Marta Ruiz");
    await expect(guests.getByRole("listitem").nth(1)).toContainText("Restricciones alimentarias: alergia a nueces");
    expect((await data.invitation(inv.id))?.guests.map((g) => g.dietary)).toEqual(["sin gluten", "alergia a nueces"]);
  });

  test("in English", async ({ page, data }) => {
    await chooseLanguage(page, "en");
    const inv = await data.createInvitation({ primaryGuest: "Jane Doe", maxGuests: 1 });
    await openInvitation(page, inv.code, "Invitation Code", "Verify Code");
    await page.getByLabel("Dietary restrictions", { exact: true }).fill("vegan");
    await page.getByLabel("Message for the couple").fill("See you there!");
    await page.getByRole("button", { name: "Confirm Attendance" }).click();
    await expect(page.getByRole("heading", { name: "Attendance Confirmed!" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Confirmed guests" })).toContainText("Dietary restrictions: vegan");
    await expect(page.getByText("See you there!")).toBeVisible();
  });

  test("the server refuses a note over 120 characters and changes nothing", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Largo Texto" });
    await openInvitation(page, inv.code);
    const response = await page.request.post("/confirm", { form: { intent: "confirm", primaryDietary: "x".repeat(121) }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);
  });
});

test.describe("answers: a stale tab", () => {
  test("declining in a tab opened before the invitation was confirmed changes nothing and shows the stored answer", async ({ page, data }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: "Pestaña Vieja", maxGuests: 1 });
    await openInvitation(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Pestaña Vieja" })).toBeVisible();
    // The question is open (a dialog, or its own page without JavaScript) when the invitation is confirmed elsewhere.
    await page.getByRole("link", { name: "No podré asistir" }).click();
    const question = jsDisabled(testInfo) ? page.getByRole("alertdialog") : page.getByRole("dialog");
    await expect(question).toContainText("¿Seguro que no podrás acompañarnos?");
    await data.confirm(inv);
    await question.getByRole("button", { name: "Sí, no podré asistir" }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    await expect(page.getByText("Esta invitación ya fue respondida; esta es la respuesta guardada.").first()).toBeAttached();
    expect((await data.invitation(inv.id))?.confirmed).toBe(true);
  });

  test("confirming in a tab opened before the invitation was declined changes nothing and shows the stored answer", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Otra Pestaña", maxGuests: 1 });
    await openInvitation(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Otra Pestaña" })).toBeVisible();
    await data.decline(inv);
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    await expect(page.getByRole("heading", { name: "Lamentamos que no puedas acompañarnos" })).toBeVisible();
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);
    expect(await data.guestsOf(inv.id)).toEqual([]);
  });
});
