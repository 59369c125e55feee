import sharp from "sharp";
import type { Page } from "@playwright/test";
import { enterCode, expect, test } from "./fixtures";

/**
 * A guest's browser never sees a script error (decision 0041: React's error #345, "Root did not
 * complete", once in two runs of the three-seat confirmation). The main flows, with every chunk
 * the page did not ask for in its HTML (what it loads later: parts of the page, dialogs, other
 * pages' code) held back for a second, as on a slow phone; any `pageerror` or console error fails.
 */

const PASSWORD = "e2e-admin-password";
const HOLD_MS = 1000;

/** Collects the page's errors, and holds every script that was not in the document's HTML. */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // The location names the resource when one failed to load ("Failed to load resource: 404").
    if (message.type() === "error") errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  const inDocument = new Set<string>();
  const held: string[] = [];
  let holding = 0;
  await page.route(
    (url) => url.pathname.startsWith("/assets/") || !url.pathname.includes("."),
    async (route) => {
      const request = route.request();
      const { pathname } = new URL(request.url());
      if (request.resourceType() === "document") {
        // The scripts the page itself names (its entry and what it preloads) arrive at once.
        const response = await route.fetch({ maxRedirects: 0 });
        const body = await response.text();
        for (const match of body.matchAll(/\/assets\/[\w.-]+\.js/g)) inDocument.add(match[0]);
        await route.fulfill({ response, body });
        return;
      }
      if (pathname.endsWith(".js") && !inDocument.has(pathname)) {
        held.push(pathname);
        holding++;
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
        holding--;
      }
      await route.fallback();
    },
  );
  /** Lets every held chunk arrive and run (and any it asks for in turn), then says what went wrong. */
  const settle = async () => {
    do {
      await expect.poll(() => holding, { timeout: 15_000 }).toBe(0);
      // What the last chunks start (a toast's timer, a revalidation) runs in this second and a half.
      await page.waitForTimeout(HOLD_MS * 1.5);
    } while (holding > 0);
    return errors;
  };
  return { errors, held, settle };
}

test.describe("no script errors, with later chunks held back @js-only", () => {
  // Each held chunk costs a second, several in a row on some flows.
  test.describe.configure({ timeout: 60_000 });
  test("home: the sections, the calendar control and the music", async ({ page }) => {
    const { held, settle } = await watch(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Cambiar a modo oscuro" }).click();
    await page.getByText("Añadir al calendario").first().click();
    await expect(page.getByRole("link", { name: /Google Calendar/ }).first()).toBeVisible();
    await page.locator("footer").scrollIntoViewIfNeeded();
    // To the gallery and back by the header: client navigations, each page's code held back.
    const nav = page.getByRole("navigation", { name: "Navegación principal" });
    await nav.getByRole("link", { name: "Galería" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Galería de Fotos" })).toBeVisible();
    await nav.getByRole("link", { name: "Inicio" }).click();
    await expect(page.locator("#story-title")).toBeVisible();
    expect(await settle()).toEqual([]);
    expect(held.length).toBeGreaterThan(0);
  });

  for (const seats of [1, 2, 3, 5]) {
    test(`confirming an invitation of ${seats} seat${seats > 1 ? "s" : ""}`, async ({ page, data }) => {
      const { settle } = await watch(page);
      const inv = await data.createInvitation({ primaryGuest: `Familia Prueba ${seats}`, maxGuests: seats });
      await enterCode(page, inv.code);
      await expect(page.getByRole("heading", { name: `Hola, Familia Prueba ${seats}` })).toBeVisible();
      await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
      const names = Array.from({ length: seats - 1 }, (_, i) => `Acompañante ${i + 1}`);
      if (seats > 1) {
        const dialog = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
        await expect(dialog).toBeVisible();
        for (const [i, name] of names.entries()) await dialog.getByLabel(`Invitado Adicional ${i + 1}`).fill(name);
        await dialog.getByRole("button", { name: "Confirmar", exact: true }).click();
      }
      await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Invitados confirmados" }).getByRole("listitem")).toHaveText([`Familia Prueba ${seats}`, ...names]);
      await page.getByText("Añadir al calendario").first().click();
      await expect(page.getByRole("link", { name: /Google Calendar/ }).first()).toBeVisible();
      // Back home by the header, a client navigation to a page whose parts load later.
      await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Inicio" }).click();
      await expect(page.locator("#story-title")).toBeVisible();
      expect(await settle()).toEqual([]);
      expect(await data.guestsOf(inv.id)).toEqual([`Familia Prueba ${seats}`, ...names]);
    });
  }

  test("declining", async ({ page, data }) => {
    const { settle } = await watch(page);
    const inv = await data.createInvitation({ primaryGuest: "Rosa Prueba", maxGuests: 2 });
    await enterCode(page, inv.code);
    await page.getByRole("link", { name: "No podré asistir" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("¿Seguro que no podrás acompañarnos?");
    await dialog.getByRole("button", { name: "Sí, no podré asistir" }).click();
    await expect(page.getByRole("heading", { name: "Lamentamos que no puedas acompañarnos" })).toBeVisible();
    expect(await settle()).toEqual([]);
  });

  test("uploading a photo to the gallery", async ({ page, data }) => {
    const { settle } = await watch(page);
    const section = await data.createSection({ name: `Fiesta ${Date.now()}` });
    await page.goto("/gallery");
    await page.getByRole("link", { name: `Ver fotos de ${section.name}` }).click();
    const dialog = page.getByRole("dialog", { name: section.name });
    await expect(dialog).toBeVisible();
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Subir foto" }).click();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 110 } } })
      .jpeg()
      .toBuffer();
    await (await chooser).setFiles({ name: "recuerdo.jpg", mimeType: "image/jpeg", buffer: photo });
    await dialog.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(page.getByText("¡Foto subida exitosamente! Gracias por compartirla.").first()).toBeVisible();
    await expect(page.getByRole("img", { name: "recuerdo.jpg" }).first()).toBeVisible();
    expect(await settle()).toEqual([]);
  });

  test("every admin tab", async ({ page }) => {
    const { settle } = await watch(page);
    await page.goto("/admin");
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Secciones del panel" });
    for (const tab of ["Invitaciones", "Crear", "Galería", "Estadísticas"]) {
      await tabs.getByRole("link", { name: tab }).click();
      await expect(tabs.getByRole("link", { name: tab })).toHaveAttribute("aria-current", "page");
    }
    expect(await settle()).toEqual([]);
  });
});

test("the HTML of / has every section whole, in place, with no streaming scripts @no-js-only", async ({ request }) => {
  const html = await (await request.get("/")).text();
  for (const id of ["hero-names", "quotes-title", "story-title", "info-title", "location-title", "accommodation-title", "rsvp-title"]) {
    expect(html, id).toContain(`id="${id}"`);
  }
  for (const text of ["Añadir al calendario", 'class="countdown"', 'class="site-footer"', "music-control", "Abrir el mapa en OpenStreetMap"])
    expect(html).toContain(text);
  // The page is sent whole (render-document.server.ts): no <template> placeholders, no script moving parts in.
  expect(html).not.toContain("<template");
  expect(html).not.toMatch(/\$RC|\$RS/);
});
