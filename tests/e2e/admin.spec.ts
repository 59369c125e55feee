import type { Page } from "@playwright/test";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { baseURL, chooseLanguage, expect, jsDisabled, login, startServer, test, TestData } from "./fixtures";

const PASSWORD = "e2e-admin-password";

const tabs = (page: Page) => page.getByRole("navigation", { name: "Secciones del panel" });

/** A photo in a section, uploaded as the admin would. */
function addPhoto(data: TestData, sectionId: number, name: string) {
  return data.uploadPhoto(sectionId, { name });
}

test.describe("admin access", () => {
  test("the locked page holds the login dialog and no admin data", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Secreto Privado" });
    const response = await page.goto("/admin");
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain(inv.code);
    expect(html).not.toContain("Secreto Privado");
    const dialog = page.getByRole("dialog", { name: "Acceso al Panel de Administración" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Contraseña", { exact: true })).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Acceder" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toHaveCount(0);
  });

  test("a wrong password is refused and the field cleared; the right one opens the panel", async ({ page }, testInfo) => {
    await page.goto("/admin");
    const field = page.getByLabel("Contraseña", { exact: true });
    await field.fill("not-the-password");
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByText("Contraseña incorrecta").first()).toBeVisible();
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveValue("");
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
    await expect(page.getByText("¡Acceso concedido!").first()).toBeAttached();
    if (!jsDisabled(testInfo)) {
      expect(await page.evaluate(() => sessionStorage.getItem("dashboard_authenticated"))).toBe("true");
    }
    // Default tab: statistics.
    await expect(tabs(page).getByRole("link", { name: "Estadísticas" })).toHaveAttribute("aria-current", "page");
  });

  test("the session ends with the browser session, and on logout", async ({ page, browser }) => {
    await login(page);
    const cookies = await page.context().cookies();
    const admin = cookies.find((c) => c.name === "wedding_admin");
    expect(admin?.expires).toBe(-1); // a session cookie
    expect(admin?.httpOnly).toBe(true);
    expect(admin?.sameSite).toBe("Strict");
    const other = await browser.newContext({ locale: "es-ES" });
    const otherPage = await other.newPage();
    await otherPage.goto(`http://127.0.0.1:${process.env.E2E_PORT}/admin`);
    await expect(otherPage.getByRole("dialog", { name: "Acceso al Panel de Administración" })).toBeVisible();
    await other.close();
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page.getByRole("dialog", { name: "Acceso al Panel de Administración" })).toBeVisible();

    // Logout ends the session on the server: a copy of the cookie taken before opens nothing.
    const replay = await browser.newContext({ locale: "es-ES" });
    await replay.addCookies([admin!]);
    const replayPage = await replay.newPage();
    await replayPage.goto(`http://127.0.0.1:${process.env.E2E_PORT}/admin?tab=invitations`);
    await expect(replayPage.getByRole("dialog", { name: "Acceso al Panel de Administración" })).toBeVisible();
    const api = await replay.request.get(`http://127.0.0.1:${process.env.E2E_PORT}/api/invitations`);
    expect(api.status()).toBe(401);
    await replay.close();
  });

  test("every admin action without the session answers 401 and changes nothing", async ({ request, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Intocable", maxGuests: 3, confirmedGuests: ["Acompañante"] });
    const section = await data.createSection({ name: "Intocable sección" });
    const extraGuest = (await data.invitation(inv.id))!.guests.find((g) => !g.isPrimary)!;
    const media = await addPhoto(data, section.id, "intocable.jpg");
    const forms: Record<string, string>[] = [
      { intent: "createInvitation", primaryGuest: "Intruso", maxGuests: "2" },
      { intent: "deleteInvitation", id: String(inv.id), confirmed: "yes" },
      { intent: "deleteGuest", id: String(extraGuest.id), confirmed: "yes" },
      { intent: "createSection", name: "Intrusa" },
      { intent: "editSection", id: String(section.id), name: "Cambiada" },
      { intent: "setSectionActive", id: String(section.id), value: "false" },
      { intent: "setSectionUpload", id: String(section.id), value: "false" },
      { intent: "deleteSection", id: String(section.id), confirmed: "yes" },
      { intent: "deleteMedia", id: String(media.id), confirmed: "yes" },
      // Without the confirmation too (no confirm step is shown to a stranger).
      { intent: "deleteInvitation", id: String(inv.id) },
    ];
    const screenOf = (intent: string) =>
      intent === "createInvitation" ? "/admin/create" : /Section|Media/.test(intent) ? "/admin/gallery" : "/admin/invitations";
    for (const form of forms) {
      const response = await request.post(screenOf(form.intent), { form, maxRedirects: 0 });
      expect(response.status(), form.intent).toBe(401);
      // The page answers with the login dialog, nothing of the panel.
      const html = await response.text();
      expect(html, form.intent).toContain("Acceso al Panel de Administración");
      expect(html, form.intent).not.toContain("Intocable");
      // The same as a scripted (fetcher) post.
      const scripted = await request.post(`${screenOf(form.intent)}.data`, { form, maxRedirects: 0 });
      expect(scripted.status(), `${form.intent} (scripted)`).toBe(401);
    }
    // No tab shows anything without the session, nor its data request.
    for (const path of ["/admin", "/admin/invitations", "/admin/create", "/admin/gallery"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain(inv.code);
      expect(html, path).not.toContain("Intocable");
      expect(html, path).not.toContain("Invitados Totales");
      expect(html, path).toContain("Acceso al Panel de Administración");
      const scripted = await request.get(`${path}.data`);
      expect(await scripted.text(), `${path} (data)`).not.toContain("Intocable");
    }
    expect((await data.section(section.id))?.media.map((m) => m.id)).toEqual([media.id]);
    expect((await data.invitation(inv.id))?.maxGuests).toBe(3);
    expect(await data.guestsOf(inv.id)).toEqual(["Intocable", "Acompañante"]);
    expect(await data.invitationsNamed("Intruso")).toEqual([]);
    expect(await data.section(section.id)).toMatchObject({ name: "Intocable sección", is_active: true, allow_upload: true });
    expect(await data.sectionsNamed("Intrusa")).toEqual([]);
  });

  test("password guessing is rate-limited, in the user's language", async ({ page }) => {
    await page.goto("/admin");
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Contraseña", { exact: true }).fill(`guess-${i}`);
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin"));
      await page.getByRole("button", { name: "Acceder" }).click();
      expect((await answered).status()).toBe(401);
      await expect(page.getByLabel("Contraseña", { exact: true })).toHaveValue("");
    }
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByText(/Demasiados intentos/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toHaveCount(0);
  });
});

test.describe("admin: invitations", () => {
  test("create an invitation: blank name refused, then the new code is shown and stored", async ({ page, data }) => {
    await login(page);
    await tabs(page).getByRole("link", { name: "Crear" }).click();
    await expect(page.getByRole("heading", { name: "Crear Nueva Invitación" })).toBeVisible();
    await expect(page.getByText("Incluye al invitado principal. Máximo 8 personas por invitación.")).toBeVisible();
    await page.getByLabel("Invitado Principal").fill("   ");
    await page.getByRole("button", { name: "Crear Invitación" }).click();
    await expect(page.getByText("Por favor ingresa el nombre del invitado principal")).toBeVisible();
    const name = `Nueva ${Date.now()}`;
    await page.getByLabel("Invitado Principal").fill(name);
    await page.getByLabel("Número Máximo de Invitados").fill("4");
    await page.getByRole("button", { name: "Crear Invitación" }).click();
    await expect(page.getByText("Invitación creada exitosamente").first()).toBeAttached();
    const [row] = await data.invitationsNamed(name);
    data.trackInvitation(row.id);
    expect(row.maxGuests).toBe(4);
    await expect(page.getByRole("region", { name: new RegExp(name) }).getByText(row.code, { exact: true })).toBeVisible();
    // The form is reset: name empty, seats 1.
    await expect(page.getByLabel("Invitado Principal")).toHaveValue("");
    await expect(page.getByLabel("Número Máximo de Invitados")).toHaveValue("1");
  });

  test("the server refuses seats outside 1..8", async ({ page, data }) => {
    await login(page);
    for (const maxGuests of ["0", "9", "2.5", "muchos"]) {
      const response = await page.request.post("/admin/create", {
        form: { intent: "createInvitation", primaryGuest: "Fuera de rango", maxGuests },
        maxRedirects: 0,
      });
      expect(response.status(), maxGuests).toBe(400);
    }
    expect(await data.invitationsNamed("Fuera de rango")).toEqual([]);
  });

  test("the table lists invitations with status and guests; guests and invitations can be deleted after confirming", async ({ page, data }) => {
    const pending = await data.createInvitation({ primaryGuest: "Pendiente Pérez", maxGuests: 2 });
    const confirmed = await data.createInvitation({ primaryGuest: "Confirmada Cruz", maxGuests: 3, confirmedGuests: ["Hijo Cruz"] });
    await login(page);
    await tabs(page).getByRole("link", { name: "Invitaciones" }).click();
    const table = page.getByRole("table");
    for (const header of ["Invitado Principal", "Código", "Máx. Invitados", "Estado", "Invitados", "Acciones"]) {
      await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    const pendingRow = table.getByRole("row").filter({ hasText: "Pendiente Pérez" });
    await expect(pendingRow).toContainText(pending.code);
    await expect(pendingRow).toContainText("Pendiente");
    await expect(pendingRow).toContainText("Sin invitados confirmados");
    const confirmedRow = table.getByRole("row").filter({ hasText: "Confirmada Cruz" });
    await expect(confirmedRow).toContainText("Confirmado");
    await expect(confirmedRow).toContainText("Principal");
    // The primary guest has no delete button; the other guest has one.
    await expect(confirmedRow.getByRole("button", { name: "Eliminar a Confirmada Cruz" })).toHaveCount(0);
    await confirmedRow.getByRole("button", { name: "Eliminar a Hijo Cruz" }).click();
    const prompt = "¿Estás seguro de que deseas eliminar a Hijo Cruz? Esto liberará un puesto y reducirá el máximo de invitados.";
    await expect(page.getByText(prompt)).toBeVisible();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByText("Invitado eliminado exitosamente").first()).toBeAttached();
    await expect(table.getByRole("row").filter({ hasText: "Confirmada Cruz" })).not.toContainText("Hijo Cruz");
    expect(await data.guestsOf(confirmed.id)).toEqual(["Confirmada Cruz"]);
    expect((await data.invitation(confirmed.id))?.maxGuests).toBe(2);

    await pendingRow.getByRole("button", { name: "Eliminar invitación de Pendiente Pérez" }).click();
    await expect(page.getByText("¿Estás seguro de que deseas eliminar esta invitación?")).toBeVisible();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByText("Invitación eliminada exitosamente").first()).toBeAttached();
    await expect(table.getByRole("row").filter({ hasText: "Pendiente Pérez" })).toHaveCount(0);
    expect(await data.invitation(pending.id)).toBeUndefined();
  });

  test("names with markup are shown as text everywhere", async ({ page, data }) => {
    // Unique per test run: the js and no-js projects share one database.
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    const evil = `<img src=x onerror="document.title='pwned'"><b>Negrita</b> ${stamp}`;
    const script = `<script>window.pwned=1</script> ${stamp}`;
    await data.createInvitation({ primaryGuest: evil, maxGuests: 2, confirmedGuests: [script] });
    await login(page);
    await tabs(page).getByRole("link", { name: "Invitaciones" }).click();
    const row = page.getByRole("row").filter({ hasText: stamp });
    await expect(row.getByRole("cell").first()).toHaveText(evil);
    await expect(row.getByText(script, { exact: true })).toBeVisible();
    expect(await page.title()).not.toBe("pwned");
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    // The only images in the table are the QR codes of 'Compartir'.
    expect(await page.locator('table b, table img:not([src^="/admin/qr/"])').count()).toBe(0);
  });

  test("the primary guest can never be deleted, even by a direct post", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Principal Paz", maxGuests: 2, confirmedGuests: ["Otra Paz"] });
    const primary = (await data.invitation(inv.id))!.guests.find((g) => g.isPrimary)!;
    await login(page);
    const response = await page.request.post("/admin/invitations.data", {
      form: { intent: "deleteGuest", id: String(primary.id), confirmed: "yes" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(409);
    // A plain form post gets the page back with the spec's message.
    const plain = await page.request.post("/admin/invitations", { form: { intent: "deleteGuest", id: String(primary.id), confirmed: "yes" }, maxRedirects: 0 });
    expect(plain.status()).toBe(409);
    expect(await plain.text()).toContain("No se puede eliminar el invitado principal. Elimina toda la invitación en su lugar.");
    expect(await data.guestsOf(inv.id)).toEqual(["Principal Paz", "Otra Paz"]);
    expect((await data.invitation(inv.id))?.maxGuests).toBe(2);
    // The table offers no delete button for the primary guest, nor for guests of pending invitations.
    await tabs(page).getByRole("link", { name: "Invitaciones" }).click();
    const row = page.getByRole("row").filter({ hasText: "Principal Paz" });
    await expect(row.getByRole("button", { name: "Eliminar a Otra Paz" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Eliminar a Principal Paz" })).toHaveCount(0);
  });
});

test.describe("admin: gallery sections", () => {
  test("'Crear Nueva Sección' keeps what is typed through the screen's other actions, and empties after its own create @js-only", async ({ page, data }) => {
    const other = `Otra ${Date.now()}`;
    await data.createSection({ name: other, isActive: false });
    await login(page);
    await tabs(page).getByRole("link", { name: "Galería" }).click();
    const createForm = page.getByRole("region", { name: "Crear Nueva Sección" });
    const name = `Escrita ${Date.now()}`;
    await createForm.getByLabel("Nombre de la sección").fill(name);
    await createForm.getByLabel("Descripción (opcional)").fill("A medio escribir");
    // Another action of the screen (it saves, and the screen loads again) leaves the form as typed.
    const card = page.getByRole("article", { name: other });
    await card.getByRole("button", { name: "Activar" }).click();
    await expect(card.getByRole("button", { name: "Desactivar" })).toBeVisible();
    await expect(createForm.getByLabel("Nombre de la sección")).toHaveValue(name);
    await expect(createForm.getByLabel("Descripción (opcional)")).toHaveValue("A medio escribir");
    // Its own successful create empties it.
    await createForm.getByRole("button", { name: "Crear Sección" }).click();
    await expect(page.getByRole("article", { name })).toBeVisible();
    const [row] = await data.sectionsNamed(name);
    data.trackSection(row.id);
    await expect(createForm.getByLabel("Nombre de la sección")).toHaveValue("");
    await expect(createForm.getByLabel("Descripción (opcional)")).toHaveValue("");
  });

  test("create, toggle, edit and delete a section", async ({ page, data }) => {
    await login(page);
    await tabs(page).getByRole("link", { name: "Galería" }).click();
    await page.getByRole("button", { name: "Crear Sección" }).click();
    await expect(page.getByText("Por favor ingresa el nombre de la sección")).toBeVisible();
    const name = `Álbum ${Date.now()}`;
    await page.getByLabel("Nombre de la sección").fill(name);
    await page.getByLabel("Descripción (opcional)").fill("Fotos <b>de prueba</b>");
    await page.getByRole("button", { name: "Crear Sección" }).click();
    await expect(page.getByText("Sección creada exitosamente").first()).toBeAttached();
    const [row] = await data.sectionsNamed(name);
    data.trackSection(row.id);
    expect([row.is_active, row.allow_upload]).toEqual([false, true]); // defaults: inactive, uploads allowed
    const card = page.getByRole("article", { name });
    await expect(card).toContainText("Inactiva");
    await expect(card).toContainText("Fotos <b>de prueba</b>"); // shown as text
    await expect(card).toContainText("Fotos: 0");
    await card.getByRole("button", { name: "Activar" }).click();
    await expect(card).toContainText("Activa");
    await expect(card.getByRole("button", { name: "Desactivar" })).toBeVisible();
    expect((await data.section(row.id))?.is_active).toBe(true);
    await card.getByRole("button", { name: "Bloquear subidas" }).click();
    await expect(card).toContainText("Subida bloqueada");

    await card
      .getByRole("link", { name: "Editar" })
      .or(card.getByRole("button", { name: "Editar" }))
      .click();
    const editForm = page.getByRole("form", { name: "Editar Sección" }).or(page.getByRole("dialog", { name: "Editar Sección" }));
    // A blank name is refused with the spec's message, with or without JavaScript, and changes nothing.
    await editForm.getByLabel("Nombre de la sección").fill("   ");
    await editForm.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(editForm.getByText("Por favor ingresa el nombre de la sección")).toBeVisible();
    expect((await data.section(row.id))?.name).toBe(name);
    await editForm.getByLabel("Nombre de la sección").fill(`${name} editado`);
    await editForm.getByRole("button", { name: "Guardar Cambios" }).click();
    await expect(page.getByText("Sección actualizada exitosamente").first()).toBeAttached();
    const edited = page.getByRole("article", { name: `${name} editado` });
    await expect(edited).toBeVisible();

    await edited.getByRole("button", { name: `Eliminar ${name} editado` }).click();
    await expect(page.getByText("¿Estás seguro de que deseas eliminar esta sección? Se eliminarán todas las imágenes asociadas.")).toBeVisible();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByText("Sección eliminada exitosamente").first()).toBeAttached();
    await expect(page.getByRole("article", { name: `${name} editado` })).toHaveCount(0);
    expect(await data.section(row.id)).toBeUndefined();
  });
});

test("a section's English name and description show on the English gallery; an empty English shows the Spanish", async ({ page, data }) => {
  const stamp = Date.now();
  const spanishOnly = await data.createSection({ name: `Solo español ${stamp}`, description: "Sin traducción" });
  await login(page);
  await tabs(page).getByRole("link", { name: "Galería" }).click();
  await page.getByLabel("Nombre de la sección").fill(`Brindis ${stamp}`);
  await page.getByLabel("Descripción (opcional)").fill("Las copas");
  await page.getByLabel("Nombre (EN)").fill(`Toast ${stamp}`);
  await page.getByLabel("Descripción (EN)").fill("The glasses");
  await page.getByRole("button", { name: "Crear Sección" }).click();
  await expect(page.getByText("Sección creada exitosamente").first()).toBeAttached();
  const [row] = await data.sectionsNamed(`Brindis ${stamp}`);
  data.trackSection(row.id);
  const card = page.getByRole("article", { name: `Brindis ${stamp}` });
  await card.getByRole("button", { name: "Activar" }).click();
  await expect(card.getByRole("button", { name: "Desactivar" })).toBeVisible();

  await chooseLanguage(page, "en");
  await page.goto("/gallery");
  await expect(page.getByRole("link", { name: `See photos of Toast ${stamp}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `See photos of Brindis ${stamp}` })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `See photos of ${spanishOnly.name}` })).toBeVisible();
  await page.getByRole("link", { name: `See photos of Toast ${stamp}` }).click();
  await expect(page.getByText("The glasses")).toBeVisible();
  await expect(page.getByText("Las copas")).toHaveCount(0);

  await chooseLanguage(page, "es");
  await page.goto("/gallery");
  await expect(page.getByRole("link", { name: `Ver fotos de Brindis ${stamp}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Ver fotos de Toast ${stamp}` })).toHaveCount(0);
});

test("admin: section toggles are reflected on /gallery", async ({ page, data }) => {
  const section = await data.createSection({ name: `Visible ${Date.now()}`, isActive: false });
  await page.goto("/gallery");
  await expect(page.getByRole("link", { name: `Ver fotos de ${section.name}` })).toHaveCount(0);
  await login(page);
  await tabs(page).getByRole("link", { name: "Galería" }).click();
  await page.getByRole("article", { name: section.name }).getByRole("button", { name: "Activar" }).click();
  // Stored once the card offers the opposite ("Activa" alone would match the button "Activar").
  await expect(page.getByRole("article", { name: section.name }).getByRole("button", { name: "Desactivar" })).toBeVisible();
  await page.goto("/gallery");
  await expect(page.getByRole("link", { name: `Ver fotos de ${section.name}` })).toBeVisible();
  await page.goto("/admin/gallery"); // still logged in
  await page.getByRole("article", { name: section.name }).getByRole("button", { name: "Bloquear subidas" }).click();
  await expect(page.getByRole("article", { name: section.name }).getByRole("button", { name: "Permitir subidas" })).toBeVisible();
  await expect(page.getByRole("article", { name: section.name })).toContainText("Subida bloqueada");
  await page.goto(`/gallery?section=${section.id}`);
  await expect(page.getByText("No hay fotos en esta sección todavía.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Subir foto" })).toHaveCount(0);
  await expect(page.getByLabel("Elegir una foto")).toHaveCount(0);
});

test.describe("admin: statistics", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    server = await startServer({});
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the cards add up seats, confirmed names and invitations", async ({ browser }) => {
    const data = new TestData(server);
    const context = await browser.newContext({ baseURL: server.baseURL, locale: "es-ES" });
    const page = await context.newPage();
    try {
      await login(page);
      await expect(page.getByRole("region", { name: "Invitados Totales" })).toContainText("0 / 140");
      await expect(page.getByRole("region", { name: "Confirmados" })).toContainText("0% de los invitados");
      await data.createInvitation({ primaryGuest: "Uno", maxGuests: 3, confirmedGuests: ["Dos"] });
      await data.createInvitation({ primaryGuest: "Tres", maxGuests: 2 });
      await data.createInvitation({ primaryGuest: "Cuatro", maxGuests: 1, confirmedGuests: [] });
      await page.reload();
      const total = page.getByRole("region", { name: "Invitados Totales" });
      await expect(total).toContainText("6 / 140");
      await expect(total).toContainText("Capacidad máxima: 140 invitados");
      const confirmed = page.getByRole("region", { name: "Confirmados" });
      await expect(confirmed).toContainText("3");
      await expect(confirmed).toContainText("50% de los invitados");
      const invitations = page.getByRole("region", { name: "Invitaciones" });
      await expect(invitations).toContainText("3");
      await expect(invitations).toContainText("2 confirmadas");
    } finally {
      await context.close();
      data.close();
    }
  });

  test("creating past the 140 seats asks first", async ({ browser }) => {
    const data = new TestData(server);
    const context = await browser.newContext({ baseURL: server.baseURL, locale: "es-ES" });
    const page = await context.newPage();
    try {
      for (let i = 0; i < 17; i++) await data.createInvitation({ primaryGuest: `Lleno ${i}`, maxGuests: 8 }); // +136 seats
      await login(page);
      await tabs(page).getByRole("link", { name: "Crear" }).click();
      await page.getByLabel("Invitado Principal").fill("Uno de más");
      await page.getByLabel("Número Máximo de Invitados").fill("8");
      await page.getByRole("button", { name: "Crear Invitación" }).click();
      await expect(page.getByText(/más que la capacidad de 140 invitados/)).toBeVisible();
      expect(await data.invitationsNamed("Uno de más")).toEqual([]);
      await page.getByRole("button", { name: "Crear de todos modos" }).click();
      await expect(page.getByText("Invitación creada exitosamente").first()).toBeAttached();
      expect(await data.invitationsNamed("Uno de más")).toHaveLength(1);
    } finally {
      await context.close();
      data.close();
    }
  });
});

test.describe("admin: forms, prompts and tabs", () => {
  test("the tab is kept in the URL; with JavaScript, deletes go through without a page load", async ({ page, data }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: `Sin recarga ${Date.now()}` });
    await login(page);
    await tabs(page).getByRole("link", { name: "Invitaciones" }).click();
    await expect(page).toHaveURL(/\/admin\/invitations$/);
    await expect(tabs(page).getByRole("link", { name: "Invitaciones" })).toHaveAttribute("aria-current", "page");
    if (!jsDisabled(testInfo)) await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    const row = page.getByRole("row").filter({ hasText: inv.primaryGuest });
    await row.getByRole("button", { name: `Eliminar invitación de ${inv.primaryGuest}` }).click();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByText("Invitación eliminada exitosamente").first()).toBeAttached();
    await expect(row).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/invitations$/);
    if (!jsDisabled(testInfo)) expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await page.reload();
    await expect(tabs(page).getByRole("link", { name: "Invitaciones" })).toHaveAttribute("aria-current", "page");
  });

  test("old links to a tab (?tab=) lead to its own page, their filters kept", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: `Enlace viejo ${Date.now()}` });
    await login(page);
    await page.goto(`/admin?tab=invitations&status=pending&q=${encodeURIComponent(inv.primaryGuest)}`);
    await expect(page).toHaveURL(new RegExp(`/admin/invitations\\?status=pending&q=`));
    await expect(tabs(page).getByRole("link", { name: "Invitaciones" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("row").filter({ hasText: inv.primaryGuest })).toBeVisible();
    await page.goto("/admin?tab=gallery");
    await expect(page).toHaveURL(/\/admin\/gallery$/);
    await expect(tabs(page).getByRole("link", { name: "Galería" })).toHaveAttribute("aria-current", "page");
  });

  test("with JavaScript, the tab being opened shows its loading text until its data arrives @js-only", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: `Cargada ${Date.now()}` });
    await login(page);
    // The loading text is the page's script at work: the panel marks the session once it runs.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("dashboard_authenticated"))).toBe("true");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/admin\/invitations\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await tabs(page).getByRole("link", { name: "Invitaciones" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cargando invitaciones..." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Invitados Totales" })).toHaveCount(0);
    release();
    await expect(page.getByRole("row").filter({ hasText: inv.primaryGuest })).toBeVisible();
    await expect(page.getByText("Cargando invitaciones...")).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/invitations$/);
    await expect(tabs(page).getByRole("link", { name: "Invitaciones" })).toHaveAttribute("aria-current", "page");
  });

  test("cancelling a delete prompt keeps the row @js-only", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: `Se queda ${Date.now()}` });
    await login(page);
    await tabs(page).getByRole("link", { name: "Invitaciones" }).click();
    await page.getByRole("button", { name: `Eliminar invitación de ${inv.primaryGuest}` }).click();
    const dialog = page.getByRole("dialog", { name: "Confirmar" });
    await expect(dialog).toContainText("¿Estás seguro de que deseas eliminar esta invitación?");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: inv.primaryGuest })).toHaveCount(1);
    expect(await data.invitation(inv.id)).toBeDefined();
  });

  test("without JavaScript a delete asks on a confirm step; 'Cancelar' keeps the row @no-js-only", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: `Paso ${Date.now()}`, maxGuests: 2, confirmedGuests: ["Acompañante Paso"] });
    await login(page);
    await tabs(page).getByRole("link", { name: "Invitaciones" }).click();
    await page.getByRole("row").filter({ hasText: inv.primaryGuest }).getByRole("button", { name: "Eliminar a Acompañante Paso" }).click();
    const step = page.getByRole("alertdialog", { name: "Confirmar" });
    await expect(step).toContainText("¿Estás seguro de que deseas eliminar a Acompañante Paso? Esto liberará un puesto y reducirá el máximo de invitados.");
    expect(await data.guestsOf(inv.id)).toEqual([inv.primaryGuest, "Acompañante Paso"]);
    await step.getByRole("link", { name: "Cancelar" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: inv.primaryGuest })).toContainText("Acompañante Paso");
    expect((await data.invitation(inv.id))?.maxGuests).toBe(2);
  });

  test("a photo can be deleted from its section (moderation)", async ({ page, data }) => {
    const section = await data.createSection({ name: `Moderada ${Date.now()}` });
    await addPhoto(data, section.id, "inapropiada.jpg");
    await addPhoto(data, section.id, "buena.jpg");
    await login(page);
    await tabs(page).getByRole("link", { name: "Galería" }).click();
    const card = page.getByRole("article", { name: section.name });
    await expect(card).toContainText("Fotos: 2");
    await card.getByRole("button", { name: "Eliminar foto inapropiada.jpg" }).click();
    await expect(page.getByText("¿Estás seguro de que deseas eliminar esta foto?")).toBeVisible();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByText("Foto eliminada exitosamente").first()).toBeAttached();
    await expect(card).toContainText("Fotos: 1");
    await expect(card.getByRole("button", { name: "Eliminar foto inapropiada.jpg" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Eliminar foto buena.jpg" })).toBeVisible();
    expect((await data.section(section.id))?.media.map((m) => m.name)).toEqual(["buena.jpg"]);
  });

  test("the gallery tab's empty states and the create-section defaults", async ({ page }) => {
    await login(page);
    await tabs(page).getByRole("link", { name: "Galería" }).click();
    await expect(page.getByRole("heading", { name: /^Secciones \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Permitir subir fotos" }).or(page.getByRole("checkbox", { name: "Permitir subir fotos" }))).toBeChecked();
    await expect(page.getByRole("switch", { name: "Activar sección" }).or(page.getByRole("checkbox", { name: "Activar sección" }))).not.toBeChecked();
  });

  test("logging out locks the panel again @js-only", async ({ page }) => {
    await login(page);
    expect(await page.evaluate(() => sessionStorage.getItem("dashboard_authenticated"))).toBe("true");
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page.getByRole("dialog", { name: "Acceso al Panel de Administración" })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("dashboard_authenticated"))).toBeNull();
    await page.reload();
    await expect(page.getByRole("dialog", { name: "Acceso al Panel de Administración" })).toBeVisible();
  });
});

test.describe("admin on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the invitations are cards within the width and their buttons work", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: `Teléfono ${Date.now()}`, maxGuests: 3, confirmedGuests: ["Móvil Uno"] });
    await login(page);
    await tabs(page).getByRole("link", { name: "Invitaciones" }).click();
    // Neither the page nor the list scrolls sideways: each invitation is a card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    const row = page.getByRole("row").filter({ hasText: inv.primaryGuest });
    const button = row.getByRole("button", { name: "Eliminar a Móvil Uno" });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await button.click();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(page.getByText("Invitado eliminado exitosamente").first()).toBeAttached();
    expect(await data.guestsOf(inv.id)).toEqual([inv.primaryGuest]);
  });
});

test.describe("admin in English", () => {
  test.use({ locale: "en-US" });

  test("login, tabs, statistics and messages are translated", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: `English ${Date.now()}`, maxGuests: 2, confirmedGuests: ["Plus One"] });
    await page.goto("/admin");
    const dialog = page.getByRole("dialog", { name: "Admin Panel Access" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Password", { exact: true }).fill("wrong");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Wrong password").first()).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Admin Panel", exact: true })).toBeVisible();
    await expect(page.getByText("Access granted!").first()).toBeAttached();
    await expect(page.getByRole("region", { name: "Total Guests" })).toContainText("Maximum capacity: 140 guests");
    const nav = page.getByRole("navigation", { name: "Panel sections" });
    await nav.getByRole("link", { name: "Invitations" }).click();
    const row = page.getByRole("row").filter({ hasText: inv.primaryGuest });
    await expect(row).toContainText("Confirmed");
    await expect(row).toContainText("Primary");
    await row.getByRole("button", { name: "Delete Plus One" }).click();
    await expect(page.getByText("Are you sure you want to delete Plus One? This will free a seat and reduce the maximum number of guests.")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Guest deleted successfully").first()).toBeAttached();
    await nav.getByRole("link", { name: "Create" }).click();
    await expect(page.getByRole("heading", { name: "Create New Invitation" })).toBeVisible();
    await page.getByRole("button", { name: "Create Invitation" }).click();
    await expect(page.getByText("Please enter the primary guest's name")).toBeVisible();
    await nav.getByRole("link", { name: "Gallery" }).click();
    await expect(page.getByRole("heading", { name: "Create New Section" })).toBeVisible();
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`admin accessibility with data, ${colorScheme}`, () => {
    test("tables, cards, prompts, the edit form and a new code pass axe", async ({ browser, data, extraHTTPHeaders }, testInfo) => {
      const noJs = jsDisabled(testInfo);
      const page = await a11yPage(browser, { baseURL: baseURL(), locale: "es-ES", colorScheme, extraHTTPHeaders }, noJs);
      try {
        await page.context().addCookies([{ name: "theme", value: Buffer.from(JSON.stringify(colorScheme)).toString("base64"), url: baseURL() }]);
        const stamp = Date.now();
        await data.createInvitation({ primaryGuest: `Axe Pendiente ${stamp}`, maxGuests: 2 });
        const confirmed = await data.createInvitation({ primaryGuest: `Axe Confirmada ${stamp}`, maxGuests: 3, confirmedGuests: [`Axe Acompañante ${stamp}`] });
        // A photo goes in while the section is open; then it is closed, as the couple would do.
        const inactive = await data.createSection({ name: `Axe Inactiva ${stamp}`, description: "Descripción" });
        await addPhoto(data, inactive.id, "axe.jpg");
        await data.gallery.updateSection(inactive.id, { is_active: false });
        await data.gallery.updateSection(inactive.id, { allow_upload: false });
        await login(page);
        await page.goto("/admin/invitations");
        await expect(page.getByRole("row").filter({ hasText: confirmed.primaryGuest })).toBeVisible();
        await expectNoSeriousA11yViolations(page, "admin invitations with rows");
        await page.goto("/admin/gallery");
        await expect(page.getByRole("article", { name: inactive.name })).toContainText("Inactiva");
        await expectNoSeriousA11yViolations(page, "admin gallery with cards");
        // The delete prompt: the dialog with JavaScript, the confirm step without.
        await page.goto("/admin/invitations");
        await page.getByRole("button", { name: `Eliminar invitación de ${confirmed.primaryGuest}` }).click();
        await expect(page.getByText("¿Estás seguro de que deseas eliminar esta invitación?")).toBeVisible();
        await expectNoSeriousA11yViolations(page, "admin delete prompt");
        // The edit form (dialog or inline form).
        await page.goto("/admin/gallery");
        const card = page.getByRole("article", { name: inactive.name });
        await card
          .getByRole("link", { name: "Editar" })
          .or(card.getByRole("button", { name: "Editar" }))
          .click();
        await expect(
          page
            .getByRole("form", { name: "Editar Sección" })
            .or(page.getByRole("dialog", { name: "Editar Sección" }))
            .first(),
        ).toBeVisible();
        await expectNoSeriousA11yViolations(page, "admin edit section");
        // A new invitation's code, and the login error.
        await page.goto(`/admin/create?created=ABCD2345&createdFor=${encodeURIComponent("Axe Nueva")}`);
        await expect(page.getByText("ABCD2345")).toBeVisible();
        await expectNoSeriousA11yViolations(page, "admin created code");
      } finally {
        await page.context().close();
      }
    });
  });
}
