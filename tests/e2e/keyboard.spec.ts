import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";

/** Presses Tab until the element is focused (fails after 40 presses). */
async function tabTo(page: Page, locator: ReturnType<Page["locator"]>) {
  for (let i = 0; i < 40; i++) {
    if (await locator.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("could not reach the element with the keyboard");
}

test.describe("keyboard only @js-only", () => {
  test("enter a code, add a guest in the dialog, confirm", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Teclado Tomás", maxGuests: 2 });
    await page.goto("/confirm");
    await tabTo(page, page.getByLabel("Código de Invitación"));
    await page.keyboard.type(inv.code);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Hola, Teclado Tomás" })).toBeVisible();
    const open = page.getByRole("button", { name: "Confirmar Asistencia" });
    await tabTo(page, open);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Agregar Invitados Adicionales" });
    await expect(dialog.getByLabel("Invitado Adicional 1")).toBeFocused();
    // Focus stays inside the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused(); // focus returns to the button that opened it
    await page.keyboard.press("Enter");
    await expect(dialog.getByLabel("Invitado Adicional 1")).toBeFocused();
    await page.keyboard.type("Acompañante Teclado");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    expect(await data.guestsOf(inv.id)).toEqual(["Teclado Tomás", "Acompañante Teclado"]);
  });

  test("log in to admin and create an invitation", async ({ page, data }) => {
    await page.goto("/admin");
    await expect(page.getByLabel("Contraseña", { exact: true })).toBeFocused();
    await page.keyboard.type("e2e-admin-password");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
    await tabTo(page, page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Crear" }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByLabel("Invitado Principal"));
    const name = `Teclado ${Date.now()}`;
    await page.keyboard.type(name);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Invitación creada exitosamente").filter({ visible: true })).toBeVisible();
    const [row] = await data.invitationsNamed(name);
    data.trackInvitation(row.id);
  });

  test("open a gallery section and move through photos; the open dialog passes axe", async ({ page, data }) => {
    const section = await data.createSection({ name: `Teclas ${Date.now()}` });
    for (const name of ["primera.jpg", "segunda.jpg"]) {
      const buffer = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c9a" } })
        .jpeg()
        .toBuffer();
      await page.request.post("/gallery", { multipart: { sectionId: String(section.id), file: { name, mimeType: "image/jpeg", buffer } } });
    }
    await page.goto("/gallery");
    const card = page.getByRole("link", { name: `Ver fotos de ${section.name}` });
    await tabTo(page, card);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: section.name });
    await expect(dialog.getByText("Foto 1 de 2")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/gallery dialog");
    await tabTo(page, dialog.getByRole("button", { name: "Foto siguiente" }));
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Foto 2 de 2")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText("Foto 1 de 2")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
