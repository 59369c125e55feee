import { chooseLanguage, enterCode, expect, jsDisabled, startServer, test, TestData } from "./fixtures";
import type { Locator } from "@playwright/test";
import { holdScripts, untilReactRuns } from "./scripts-held";

/** A value longer than the field's maxLength, as an old browser or a script would send: the server must refuse it. */
async function fillPastMaxLength(field: Locator, value: string) {
  await field.evaluate((element) => element.removeAttribute("maxlength"));
  await field.fill(value);
  await expect(field).toHaveValue(value);
}

test.describe("RSVP: code entry", () => {
  test("shows the code form with the spec's texts", async ({ page }) => {
    await page.goto("/confirm");
    await expect(page.getByRole("heading", { name: "Confirma tu Asistencia" })).toBeVisible();
    await expect(page.getByText("Por favor, ingresa el código de invitación que recibiste para confirmar tu asistencia.")).toBeVisible();
    await expect(page.getByPlaceholder("Ingresa tu código de invitación")).toBeVisible();
  });

  test("an empty or blank code is refused with the spec's message", async ({ page }) => {
    for (const code of ["", "   "]) {
      await enterCode(page, code);
      await expect(page.getByText("Por favor ingresa un código de invitación")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Confirma tu Asistencia" })).toBeVisible();
    }
  });

  test("an unknown code is refused and nothing is stored", async ({ page }) => {
    await enterCode(page, "ZZZZZZ");
    await expect(page.getByText("Código de invitación inválido. Por favor, verifica e intenta nuevamente.")).toBeVisible();
    await page.goto("/confirm");
    await expect(page.getByLabel("Código de Invitación")).toBeVisible();
  });

  test("code validation is rate-limited per client with a clear message", async ({ request }) => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const response = await request.post("/confirm", { form: { intent: "verify", code: `WRONG${i}` }, maxRedirects: 0 });
      last = response.status();
    }
    expect(last).toBe(429);
  });

  test("the rate-limit message is shown in the page's language", async ({ page, data }) => {
    for (let i = 0; i < 20; i++) {
      await page.request.post("/confirm", { form: { intent: "verify", code: "NOPE22" }, maxRedirects: 0 });
    }
    const { code } = await data.createInvitation({ primaryGuest: "Lucía Pardo" });
    await enterCode(page, code);
    await expect(page.getByText(/Demasiados intentos/)).toBeVisible();
  });
});

test.describe("RSVP: confirming", () => {
  test("a single-seat invitation confirms only the primary guest", async ({ page, data }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: "Ana Beltrán", maxGuests: 1 });
    await enterCode(page, inv.code.toLowerCase()); // codes are case-insensitive
    // With JavaScript: the spec's toast, then the invitation after a short pause, replacing the history entry.
    if (!jsDisabled(testInfo)) await expect(page.getByText("¡Código válido!").filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Hola, Ana Beltrán" })).toBeVisible();
    await expect(page.getByText("Por favor, confirma tu asistencia antes del 17 de diciembre de 2030.")).toBeVisible();
    await expect(page.getByText(/invitados? adicional/)).toHaveCount(0);
    if (!jsDisabled(testInfo)) {
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("wedding-storage") ?? "null"));
      expect(stored.invitationCode).toBe(inv.code);
    }
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    // With JavaScript, the spec's confetti (drawn on a canvas of its own).
    if (!jsDisabled(testInfo)) await expect(page.locator("body > canvas")).toBeAttached();
    await expect(page.getByRole("list", { name: "Invitados confirmados" }).getByRole("listitem")).toHaveText(["Ana Beltrán"]);
    await expect(page.getByText("¡Gracias por confirmar tu asistencia!").first()).toBeAttached();
    expect(await data.guestsOf(inv.id)).toEqual(["Ana Beltrán"]);
    expect((await data.invitation(inv.id))?.confirmed).toBe(true);
    // The confirm link is greyed out and not a link any more.
    const nav = page.getByRole("navigation", { name: "Navegación principal" });
    await expect(nav.getByRole("link", { name: "Confirmar" })).toHaveAttribute("aria-disabled", "true");
    await expect(nav.locator('a[href="/confirm"]')).toHaveCount(0);
    if (!jsDisabled(testInfo)) {
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("wedding-storage") ?? "null"));
      expect(stored.invitation.confirmed).toBe(true);
    }
    await page.getByRole("link", { name: "Volver al Inicio" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a multi-seat invitation asks for additional guests and stores them after the primary", async ({ page, data }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: "Familia Soto", maxGuests: 3 });
    await enterCode(page, inv.code);
    await expect(page.getByText("Puedes agregar hasta 2 invitados adicionales.")).toBeVisible();
    // With the script the names are asked next, in a dialog: the page says so. Without it the fields are in the page.
    await expect(page.getByText("Te pediremos sus nombres al confirmar.")).toHaveCount(jsDisabled(testInfo) ? 0 : 1);
    let scope = page.locator("body");
    if (!jsDisabled(testInfo)) {
      await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
      const dialog = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("Invitado Principal: Familia Soto")).toBeVisible();
      await expect(dialog.getByLabel("Invitado Adicional 1")).toBeFocused();
      scope = dialog;
    } else {
      await expect(page.getByText("Invitado Principal: Familia Soto")).toBeVisible();
    }
    await expect(scope.getByLabel("Invitado Adicional 1")).toHaveAttribute("placeholder", "Nombre completo");
    await expect(scope.getByLabel("Invitado Adicional 3")).toHaveCount(0);
    // Blank names only: refused, nothing stored.
    await scope.getByLabel("Invitado Adicional 1").fill("   ");
    const submit = jsDisabled(testInfo)
      ? page.getByRole("button", { name: "Confirmar Asistencia" })
      : scope.getByRole("button", { name: "Confirmar", exact: true });
    await submit.click();
    await expect(page.getByText("Por favor, ingresa el nombre de al menos un invitado adicional.")).toBeVisible();
    expect(await data.guestsOf(inv.id)).toEqual([]);
    if (jsDisabled(testInfo)) scope = page.locator("body");
    await scope.getByLabel("Invitado Adicional 2").fill("  Pedro   Soto ");
    await (
      jsDisabled(testInfo) ? page.getByRole("button", { name: "Confirmar Asistencia" }) : scope.getByRole("button", { name: "Confirmar", exact: true })
    ).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Invitados confirmados" }).getByRole("listitem")).toHaveText(["Familia Soto", "Pedro Soto"]);
    expect(await data.guestsOf(inv.id)).toEqual(["Familia Soto", "Pedro Soto"]);
  });

  // The dialog exists only with JavaScript; without it the fields are inline (tested above).
  test("the dialog's Cancelar closes it without confirming @js-only", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Marta Ruiz", maxGuests: 2 });
    await enterCode(page, inv.code);
    await expect(page.getByText("Puedes agregar hasta 1 invitado adicional.")).toBeVisible();
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Confirmar Asistencia" })).toBeFocused();
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);
  });

  test("confirming twice never duplicates guests", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Luis Gómez", maxGuests: 3 });
    await enterCode(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Luis Gómez" })).toBeVisible();
    const post = () => page.request.post("/confirm", { form: { intent: "confirm", "guests[0]": "Eva Gómez" }, maxRedirects: 0 });
    const responses = await Promise.all([post(), post(), post(), post()]);
    for (const r of responses) expect(r.status()).toBeLessThan(400);
    await post();
    expect(await data.guestsOf(inv.id)).toEqual(["Luis Gómez", "Eva Gómez"]);
    await page.goto("/confirm");
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
  });

  test("the server refuses more names than seats", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Rosa Paz", maxGuests: 2 });
    await enterCode(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Rosa Paz" })).toBeVisible();
    const response = await page.request.post("/confirm", {
      form: { intent: "confirm", "guests[0]": "Uno", "guests[1]": "Dos" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await data.guestsOf(inv.id)).toEqual([]);
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);
  });

  test("a forged cross-site post is refused and changes nothing", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Inés Vega", maxGuests: 1 });
    await enterCode(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Inés Vega" })).toBeVisible();
    const response = await page.request.post("/confirm", {
      form: { intent: "confirm" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);
  });

  test("'Usar otro código' forgets the stored invitation", async ({ page, data }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: "Sara Lima", maxGuests: 1 });
    await enterCode(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Sara Lima" })).toBeVisible();
    await page.getByRole("button", { name: "¿No eres tú? Usar otro código" }).click();
    await expect(page.getByLabel("Código de Invitación")).toBeVisible();
    if (!jsDisabled(testInfo)) {
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("wedding-storage") ?? "null")?.invitationCode)).toBeNull();
    }
  });

  test("a confirmed guest opening /confirm sees the confirmed view", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Tomás Ríos", maxGuests: 2 });
    await enterCode(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Tomás Ríos" })).toBeVisible();
    // Confirmed elsewhere (another phone of the family) while this one had the code stored.
    await data.confirm(inv, ["Lía Ríos"]);
    await page.goto("/confirm");
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Invitados confirmados" }).getByRole("listitem")).toHaveText(["Tomás Ríos", "Lía Ríos"]);
  });
});

test.describe("RSVP in English", () => {
  test.use({ locale: "en-US" });

  test("the whole flow speaks English", async ({ page, data }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: "John Smith", maxGuests: 2 });
    await page.goto("/confirm");
    await expect(page.getByRole("heading", { name: "Confirm your Attendance" })).toBeVisible();
    await page.getByLabel("Invitation Code").fill("");
    await page.getByRole("button", { name: "Verify Code" }).click();
    await expect(page.getByText("Please enter an invitation code")).toBeVisible();
    await page.getByLabel("Invitation Code").fill(inv.code);
    await page.getByRole("button", { name: "Verify Code" }).click();
    await expect(page.getByRole("heading", { name: "Hello, John Smith" })).toBeVisible();
    await expect(page.getByText("Please confirm your attendance before December 17, 2030.")).toBeVisible();
    await expect(page.getByText("You can add up to 1 additional guest.")).toBeVisible();
    await expect(page.getByText("We will ask for their names when you confirm.")).toHaveCount(jsDisabled(testInfo) ? 0 : 1);
    let scope = page.locator("body");
    if (!jsDisabled(testInfo)) {
      await page.getByRole("button", { name: "Confirm Attendance" }).click();
      scope = page.getByRole("dialog", { name: "Add Additional Guests" });
    }
    await scope.getByLabel("Additional Guest 1").fill("Jane Smith");
    await (
      jsDisabled(testInfo) ? page.getByRole("button", { name: "Confirm Attendance" }) : scope.getByRole("button", { name: "Confirm", exact: true })
    ).click();
    await expect(page.getByRole("heading", { name: "Attendance Confirmed!" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Confirmed guests" }).getByRole("listitem")).toHaveText(["John Smith", "Jane Smith"]);
  });
});

// Without JavaScript a refused form comes back as a new page: what the guest typed is in it again.
// With JavaScript the forms never leave the page, so they keep it anyway (the tests above).
test.describe("RSVP: a refused form keeps what the guest typed", () => {
  test("the answer form shows the error and every field as typed; nothing is stored @no-js-only", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Familia Prieto", maxGuests: 3 });
    await enterCode(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Familia Prieto" })).toBeVisible();
    const typed = {
      name: 'Pedro "<b>Prieto</b>"',
      dietary: "Sin gluten ".repeat(11) + "y", // 122 characters: over the 120 allowed
      primaryDietary: "Vegetariana",
      message: "¡Allí estaremos!\nCon cariño <script>alert(1)</script>",
    };
    await page.getByLabel("Invitado Adicional 1").fill(typed.name);
    await fillPastMaxLength(page.getByLabel("Restricciones alimentarias (adicional 1)"), typed.dietary);
    await page.getByLabel("Restricciones alimentarias", { exact: true }).fill(typed.primaryDietary);
    await page.getByLabel("Mensaje para los novios").fill(typed.message);
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    await expect(page.getByText("Cada restricción alimentaria puede tener como máximo 120 caracteres.")).toBeVisible();
    await expect(page.getByLabel("Invitado Adicional 1")).toHaveValue(typed.name);
    await expect(page.getByLabel("Restricciones alimentarias (adicional 1)")).toHaveValue(typed.dietary);
    await expect(page.getByLabel("Invitado Adicional 2")).toHaveValue("");
    await expect(page.getByLabel("Restricciones alimentarias", { exact: true })).toHaveValue(typed.primaryDietary);
    await expect(page.getByLabel("Mensaje para los novios")).toHaveValue(typed.message);
    // The values are text in the fields, never markup in the page.
    await expect(page.locator("b", { hasText: "Prieto" })).toHaveCount(0);
    expect(await data.guestsOf(inv.id)).toEqual([]);
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);
    // Corrected, the same page confirms.
    await page.getByLabel("Restricciones alimentarias (adicional 1)").fill("Sin gluten");
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    expect(await data.guestsOf(inv.id)).toEqual(["Familia Prieto", 'Pedro "<b>Prieto</b>"']);
  });

  test("an unknown or malformed code comes back in the code field @no-js-only", async ({ page }) => {
    await enterCode(page, "ZZZZZZ");
    await expect(page.getByText("Código de invitación inválido. Por favor, verifica e intenta nuevamente.")).toBeVisible();
    await expect(page.getByLabel("Código de Invitación")).toHaveValue("ZZZZZZ");
    const malformed = "Q".repeat(40);
    await enterCode(page, malformed);
    await expect(page.getByText("Código de invitación inválido. Por favor, verifica e intenta nuevamente.")).toBeVisible();
    await expect(page.getByLabel("Código de Invitación")).toHaveValue(malformed);
  });

  test("in English too: a message over 500 characters is refused and kept @no-js-only", async ({ page, data }) => {
    await chooseLanguage(page, "en");
    await page.goto("/confirm");
    await page.getByLabel("Invitation Code").fill("NOSUCH");
    await page.getByRole("button", { name: "Verify Code" }).click();
    await expect(page.getByText("Invalid invitation code. Please check it and try again.")).toBeVisible();
    await expect(page.getByLabel("Invitation Code")).toHaveValue("NOSUCH");
    const inv = await data.createInvitation({ primaryGuest: "John Smith", maxGuests: 2 });
    await page.getByLabel("Invitation Code").fill(inv.code);
    await page.getByRole("button", { name: "Verify Code" }).click();
    await expect(page.getByRole("heading", { name: "Hello, John Smith" })).toBeVisible();
    const message = "We will be there! ".repeat(28) + "x"; // 505 characters
    await page.getByLabel("Additional Guest 1").fill("Jane Smith");
    await page.getByLabel("Dietary restrictions (additional 1)").fill("Vegan");
    await fillPastMaxLength(page.getByLabel("Message for the couple"), message);
    await page.getByRole("button", { name: "Confirm Attendance" }).click();
    await expect(page.getByText("The message can be at most 500 characters long.")).toBeVisible();
    await expect(page.getByLabel("Additional Guest 1")).toHaveValue("Jane Smith");
    await expect(page.getByLabel("Dietary restrictions (additional 1)")).toHaveValue("Vegan");
    await expect(page.getByLabel("Message for the couple")).toHaveValue(message);
    expect(await data.guestsOf(inv.id)).toEqual([]);
    expect((await data.invitation(inv.id))?.confirmed).toBe(false);
  });
});

test.describe("RSVP after the deadline", () => {
  // The browser clock matters only when the page's script runs; the server's check is tested below.
  test("the guest's own clock closes the RSVP @js-only", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Clara Núñez" });
    await enterCode(page, inv.code);
    await expect(page.getByRole("heading", { name: "Hola, Clara Núñez" })).toBeVisible();
    await page.clock.setFixedTime(new Date("2030-12-18T12:00:00-05:00"));
    await page.reload();
    await expect(page.getByRole("heading", { name: "Confirmaciones cerradas" })).toBeVisible();
    await expect(page.getByText("Si tienes alguna consulta, por favor contáctanos directamente.")).toBeVisible();
  });

  test.describe("with a server whose deadline has passed", () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    test.beforeAll(async () => {
      server = await startServer({ RSVP_DEADLINE: "2025-12-17T23:59:59-05:00" });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test("shows the closed view and refuses a confirmation", async ({ browser }) => {
      const data = new TestData(server);
      try {
        const inv = await data.createInvitation({ primaryGuest: "Raúl Díaz" });
        const context = await browser.newContext({ baseURL: server.baseURL, locale: "es-ES" });
        const page = await context.newPage();
        await page.goto("/confirm");
        await expect(page.getByRole("heading", { name: "Confirmaciones cerradas" })).toBeVisible();
        await expect(page.getByText("El plazo para confirmar asistencia terminó el 17 de diciembre de 2025.")).toBeVisible();
        await expect(page.getByText("Si tienes alguna consulta, por favor contáctanos directamente.")).toBeVisible();
        await expect(page.getByRole("link", { name: "Volver al Inicio" })).toHaveAttribute("href", "/");
        // Even with a valid code stored, the server refuses to confirm.
        const verify = await page.request.post("/confirm", { form: { intent: "verify", code: inv.code }, maxRedirects: 0 });
        expect(verify.status()).toBe(302);
        const confirm = await page.request.post("/confirm", { form: { intent: "confirm" }, maxRedirects: 0 });
        expect(confirm.status()).toBe(403);
        expect((await data.invitation(inv.id))?.confirmed).toBe(false);
        expect(await data.guestsOf(inv.id)).toEqual([]);
        await context.close();
      } finally {
        await data.cleanup();
      }
    });
  });
});

// A guest on a slow phone types, or taps, before the page's script runs (decision 0043).
test.describe("RSVP before the page's script runs @js-only", () => {
  test("what is typed before the script runs is still there once it runs, and is what is sent", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Lenta Conexión", maxGuests: 1 });
    const scripts = await holdScripts(page);
    await page.goto("/confirm", { waitUntil: "commit" });
    const code = page.getByLabel("Código de Invitación");
    await code.fill(inv.code);
    scripts.release();
    await untilReactRuns(code);
    await expect(code).toHaveValue(inv.code);
    await page.getByRole("button", { name: "Verificar Código" }).click();
    await expect(page.getByText("¡Código válido!").filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Hola, Lenta Conexión" })).toBeVisible();

    // The answer form, typed into before its page's script runs.
    scripts.hold();
    await page.reload({ waitUntil: "commit" });
    const dietary = page.getByLabel("Restricciones alimentarias", { exact: true });
    const message = page.getByLabel("Mensaje para los novios");
    await dietary.fill("sin lactosa");
    await message.fill("¡Nos vemos allí!");
    scripts.release();
    await untilReactRuns(message);
    await expect(dietary).toHaveValue("sin lactosa");
    await expect(message).toHaveValue("¡Nos vemos allí!");
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    await expect(page.getByText("¡Gracias por confirmar tu asistencia!").filter({ visible: true })).toHaveCount(1);
    expect(await data.invitation(inv.id)).toMatchObject({
      guests: [{ fullName: "Lenta Conexión", dietary: "sin lactosa" }],
      message: "¡Nos vemos allí!",
    });
  });

  test("a tap before the script runs posts the plain form: the same page, message and stored answer", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Toque Rápido", maxGuests: 1 });
    const scripts = await holdScripts(page);
    await page.goto("/confirm", { waitUntil: "commit" });
    await page.getByLabel("Código de Invitación").fill(inv.code);
    await page.getByRole("button", { name: "Verificar Código" }).click();
    await expect(page.getByRole("heading", { name: "Hola, Toque Rápido" })).toBeVisible();
    scripts.release();
    await expect(page.getByText("¡Código válido!").filter({ visible: true })).toHaveCount(1);

    scripts.hold();
    await page.reload({ waitUntil: "commit" });
    await page.getByLabel("Restricciones alimentarias", { exact: true }).fill("vegana");
    await page.getByLabel("Mensaje para los novios").fill("¡Qué ilusión!");
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    scripts.release();
    await expect(page.getByText("¡Gracias por confirmar tu asistencia!").filter({ visible: true })).toHaveCount(1);
    expect(await data.invitation(inv.id)).toMatchObject({ guests: [{ fullName: "Toque Rápido", dietary: "vegana" }], message: "¡Qué ilusión!" });
  });

  test("on a three-seat invitation the additional-guest fields are there before the script runs, and a tap confirms the names typed in them", async ({
    page,
    data,
  }) => {
    const inv = await data.createInvitation({ primaryGuest: "Familia Lenta", maxGuests: 3 });
    const scripts = await holdScripts(page);
    await page.goto("/confirm", { waitUntil: "commit" });
    await page.getByLabel("Código de Invitación").fill(inv.code);
    await page.getByRole("button", { name: "Verificar Código" }).click();
    await expect(page.getByRole("heading", { name: "Hola, Familia Lenta" })).toBeVisible();
    await expect(page.getByText("Invitado Principal: Familia Lenta")).toBeVisible();
    await expect(page.getByLabel("Invitado Adicional 1")).toBeVisible();
    await expect(page.getByLabel("Invitado Adicional 2")).toBeVisible();
    await page.getByLabel("Invitado Adicional 1").fill("Rosa Lenta");
    await page.getByLabel("Invitado Adicional 2").fill("Mario Lenta");
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Invitados confirmados" }).getByRole("listitem")).toHaveText(["Familia Lenta", "Rosa Lenta", "Mario Lenta"]);
    scripts.release();
    expect(await data.guestsOf(inv.id)).toEqual(["Familia Lenta", "Rosa Lenta", "Mario Lenta"]);
  });

  test("names typed in the page before the script runs are in the dialog the first tap opens", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Casa Paciente", maxGuests: 3 });
    const scripts = await holdScripts(page);
    await page.goto("/confirm", { waitUntil: "commit" });
    await page.getByLabel("Código de Invitación").fill(inv.code);
    await page.getByRole("button", { name: "Verificar Código" }).click();
    await expect(page.getByRole("heading", { name: "Hola, Casa Paciente" })).toBeVisible();
    await page.getByLabel("Invitado Adicional 2").fill("Luis Paciente");
    await page.getByLabel("Restricciones alimentarias (adicional 2)").fill("sin gluten");
    scripts.release();
    // Once the script runs the fields stay where the guest typed (the page does not move), until the tap.
    const confirmButton = page.getByRole("button", { name: "Confirmar Asistencia" });
    await untilReactRuns(confirmButton);
    await expect(page.getByLabel("Invitado Adicional 2")).toHaveValue("Luis Paciente");
    await confirmButton.click();
    // The tap moves them into the dialog, and the page says the names are asked there.
    const dialog = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
    await expect(page.getByText("Te pediremos sus nombres al confirmar.")).toBeVisible();
    await expect(page.locator("form.confirm-form").getByLabel("Invitado Adicional 2")).toHaveCount(0);
    await expect(dialog.getByLabel("Invitado Adicional 2")).toHaveValue("Luis Paciente");
    await expect(dialog.getByLabel("Restricciones alimentarias (adicional 2)")).toHaveValue("sin gluten");
    await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    expect(await data.guestsOf(inv.id)).toEqual(["Casa Paciente", "Luis Paciente"]);
  });

  test("a three-seat invitation's page does not move when its script runs, and the names typed in it go to the dialog", async ({ page, data }) => {
    // A phone's screen, as Lighthouse's mobile run: the whole answer form is in view.
    await page.setViewportSize({ width: 412, height: 823 });
    const inv = await data.createInvitation({ primaryGuest: "Familia Quieta", maxGuests: 3 });
    // The guest's own link: a whole page from the server, hydrated by its script.
    await page.goto(`/i/${inv.code}`);
    await expect(page.getByRole("heading", { name: "Hola, Familia Quieta" })).toBeVisible();
    const confirmButton = page.getByRole("button", { name: "Confirmar Asistencia" });
    await untilReactRuns(confirmButton);
    // Every layout shift since the page began (buffered), read two frames after hydration so
    // that what the hydrated page changed has been laid out and reported.
    const shifts = () =>
      page.evaluate(
        () =>
          new Promise<{ value: number; hadRecentInput: boolean }[]>((resolve) => {
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const seen: { value: number; hadRecentInput: boolean }[] = [];
                const observer = new PerformanceObserver((list) => {
                  for (const entry of list.getEntries()) seen.push(entry as unknown as { value: number; hadRecentInput: boolean });
                });
                observer.observe({ type: "layout-shift", buffered: true });
                setTimeout(() => {
                  for (const entry of observer.takeRecords()) seen.push(entry as unknown as { value: number; hadRecentInput: boolean });
                  observer.disconnect();
                  resolve(seen.map(({ value, hadRecentInput }) => ({ value, hadRecentInput })));
                }, 100);
              }),
            );
          }),
      );
    const unprompted = (list: { value: number; hadRecentInput: boolean }[]) => list.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
    expect(unprompted(await shifts())).toBe(0);
    // The fields are still in the page once it runs: what is typed there is not lost.
    await page.getByLabel("Invitado Adicional 1").fill("Irene Quieta");
    await confirmButton.click();
    const dialog = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
    await expect(dialog.getByLabel("Invitado Adicional 1")).toHaveValue("Irene Quieta");
    // Behind the dialog the page now asks in it, as after a code checked by the script.
    await expect(page.getByText("Te pediremos sus nombres al confirmar.")).toBeVisible();
    await expect(page.locator("form.confirm-form").getByLabel("Invitado Adicional 1")).toHaveCount(0);
    // A move right after the guest's tap is theirs, not the page's: still nothing unprompted.
    expect(unprompted(await shifts())).toBe(0);
    await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    expect(await data.guestsOf(inv.id)).toEqual(["Familia Quieta", "Irene Quieta"]);
  });

  test("after a code checked by the script, the page never shows the fields meant for a page without it", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Familia Rápida", maxGuests: 3 });
    // Any additional-guest field drawn outside the dialog, even for one frame, is recorded.
    await page.addInitScript(() => {
      const seen = { inline: false };
      (window as unknown as { inlineGuestFields: typeof seen }).inlineGuestFields = seen;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue;
            const fields = [node, ...node.querySelectorAll("input")].filter((el) => el.matches('input[name="guests[0]"]'));
            if (fields.some((field) => !field.closest('[role="dialog"]'))) seen.inline = true;
          }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/confirm");
    const code = page.getByLabel("Código de Invitación");
    await untilReactRuns(code);
    await code.fill(inv.code);
    await page.getByRole("button", { name: "Verificar Código" }).click();
    await expect(page.getByRole("heading", { name: "Hola, Familia Rápida" })).toBeVisible();
    await expect(page.getByText("Te pediremos sus nombres al confirmar.")).toBeVisible();
    await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
    await expect(page.getByRole("dialog", { name: "Agregar Invitados Adicionales" }).getByLabel("Invitado Adicional 1")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { inlineGuestFields: { inline: boolean } }).inlineGuestFields.inline)).toBe(false);
  });

  test("a refused code typed before the script runs comes back as typed, with its message", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/confirm", { waitUntil: "commit" });
    await page.getByLabel("Código de Invitación").fill("ZZZZZZ");
    await page.getByRole("button", { name: "Verificar Código" }).click();
    scripts.release();
    await expect(page.getByText("Código de invitación inválido. Por favor, verifica e intenta nuevamente.")).toBeVisible();
    const code = page.getByLabel("Código de Invitación");
    await untilReactRuns(code);
    await expect(code).toHaveValue("ZZZZZZ");
    // Corrected once the page runs, it is sent by the script.
    await code.fill("Q".repeat(40));
    await page.getByRole("button", { name: "Verificar Código" }).click();
    await expect(page.getByText("Código de invitación inválido. Por favor, verifica e intenta nuevamente.")).toBeVisible();
    await expect(code).toHaveValue("Q".repeat(40));
  });
});
