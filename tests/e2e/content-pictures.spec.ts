import type { Page } from "@playwright/test";
import sharp from "sharp";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { expect, jsDisabled, startServer, test } from "./fixtures";

/**
 * Contenido: the pictures of the story's moments (decision 0044), replaced from 'Historia' with and
 * without JavaScript, on a server of their own (the home page is one for every visitor).
 */

const PASSWORD = "e2e-admin-password";
let server: Awaited<ReturnType<typeof startServer>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer({ WEB_CONCURRENCY: "2", PAGE_CACHE_TTL_MS: "1000" });
});

test.afterAll(async () => {
  await server?.stop();
});

const at = (path: string) => `${server.baseURL}${path}`;
/** The success toast (the flash without JavaScript, the notification with it). */
const saved = (page: Page, text = "Contenido guardado") => expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();

async function openAdmin(page: Page, path: string, heading: string, lang: "es" | "en" = "es") {
  if (lang === "en") {
    await page.context().addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: server.baseURL }]);
  }
  await page.goto(at(path));
  const password = page.getByLabel(lang === "es" ? "Contraseña" : "Password", { exact: true });
  if (await password.isVisible()) {
    await password.fill(PASSWORD);
    await page.getByRole("button", { name: lang === "es" ? "Acceder" : "Sign in" }).click();
  }
  await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
}

test("the Historia screen with its photos' forms has no serious accessibility problem", async ({ browser }, testInfo) => {
  const page = await a11yPage(browser, { locale: "es-ES" }, jsDisabled(testInfo));
  await openAdmin(page, "/admin/content/story", "Historia");
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test("replace a story moment's photo, see it on the home page, and restore the default", async ({ page }) => {
  await openAdmin(page, "/admin/content/story", "Historia");
  // A version with today's photos first, so 'Restaurar' can bring them back.
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await saved(page);

  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c63" } })
    .jpeg()
    .toBuffer();
  const picture = page.getByRole("region", { name: "La propuesta · Foto 1" });
  await expect(picture.getByRole("img", { name: "Foto actual: La propuesta · Foto 1" })).toHaveAttribute("src", "/images/story/proposal.svg");
  await picture.getByLabel("Cambiar foto").setInputFiles({ name: "pedida.jpg", mimeType: "image/jpeg", buffer: photo });
  await picture.getByRole("button", { name: "Subir foto" }).click();
  await saved(page);
  const uploaded = /^\/media\/site\/\d{13}-[0-9a-f]{12}\.jpg$/;
  await expect(page.getByRole("region", { name: "La propuesta · Foto 1" }).getByRole("img")).toHaveAttribute("src", uploaded);

  await page.goto(at("/"));
  const shown = page.getByRole("img", { name: "La propuesta, foto 1 de 1" });
  await expect(shown).toHaveAttribute("src", uploaded);
  await shown.scrollIntoViewIfNeeded();
  // The browser loaded it: a picture of the uploaded size.
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);

  await openAdmin(page, "/admin/content", "Historial");
  await page
    .getByRole("button", { name: /^Restaurar Historia/ })
    .last()
    .click();
  await saved(page, "Versión restaurada");
  await page.goto(at("/"));
  await expect(page.getByRole("img", { name: "La propuesta, foto 1 de 1" })).toHaveAttribute("src", "/images/story/proposal.svg");
});

test("a PDF named .jpg is refused in the admin's language under its picture, and changes nothing (en)", async ({ page }) => {
  await openAdmin(page, "/admin/content/story", "Story", "en");
  const picture = page.getByRole("region", { name: "How we met · Photo 1" });
  const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n".repeat(20));
  await picture.getByLabel("Change photo").setInputFiles({ name: "us.jpg", mimeType: "image/jpeg", buffer: pdf });
  await picture.getByRole("button", { name: "Upload photo" }).click();
  await expect(
    page.getByRole("region", { name: "How we met · Photo 1" }).getByRole("alert").filter({ hasText: "This file is not a JPEG, PNG, WebP or GIF image." }),
  ).toBeVisible();
  await page.goto(at("/"));
  await expect(page.getByRole("img", { name: "How we met, photo 1 of 1" })).toHaveAttribute("src", "/images/story/met.svg");
});

test("a replaced ceremony photo drops the drawing's description; the couple's own, typed in es and en, shows in each language", async ({ page }, testInfo) => {
  const drawing = "Ilustración de un arco de flores para la ceremonia";
  await page.goto(at("/"));
  await expect(page.getByRole("img", { name: drawing })).toHaveAttribute("src", "/images/ceremony.svg");

  await openAdmin(page, "/admin/content/couple", "Pareja y fechas");
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#36c" } })
    .jpeg()
    .toBuffer();
  const ceremony = () => page.getByRole("region", { name: "Ceremonia", exact: true });
  // A default drawing has the site's own description: nothing to describe yet.
  await expect(ceremony().getByLabel("Descripción (ES)")).toHaveCount(0);
  await ceremony().getByLabel("Cambiar foto").setInputFiles({ name: "ceremonia.jpg", mimeType: "image/jpeg", buffer: photo });
  await ceremony().getByRole("button", { name: "Subir foto" }).click();
  await saved(page);
  const uploaded = /^\/media\/site\/\d{13}-[0-9a-f]{12}\.jpg$/;
  await expect(ceremony().getByRole("img")).toHaveAttribute("src", uploaded);
  // Empty at first, never the drawing's.
  await expect(ceremony().getByLabel("Descripción (ES)")).toHaveValue("");
  await expect(ceremony().getByLabel("Descripción (EN)")).toHaveValue("");
  // axe runs as a script: only where the page has them.
  if (!jsDisabled(testInfo)) await expectNoSeriousA11yViolations(page, "Pareja y fechas with a photo's description form");

  await page.goto(at("/"));
  await expect(page.getByRole("img", { name: drawing })).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Foto de Valeria & Sebastián: Ceremonia" })).toHaveAttribute("src", uploaded);

  await openAdmin(page, "/admin/content/couple", "Pareja y fechas");
  await ceremony().getByLabel("Descripción (ES)").fill("Valeria y Sebastián bajo el arco del jardín");
  await ceremony().getByLabel("Descripción (EN)").fill("Valeria and Sebastián under the garden arch");
  await ceremony().getByRole("button", { name: "Guardar descripción" }).click();
  await saved(page);
  await expect(ceremony().getByLabel("Descripción (ES)")).toHaveValue("Valeria y Sebastián bajo el arco del jardín");
  // A save like any other: in 'Historial'.
  await openAdmin(page, "/admin/content", "Historial");
  await expect(page.getByRole("button", { name: /^Restaurar Pareja y fechas/ }).first()).toBeVisible();

  await page.goto(at("/"));
  await expect(page.getByRole("img", { name: "Valeria y Sebastián bajo el arco del jardín" })).toHaveAttribute("src", uploaded);
  await page.context().addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: server.baseURL }]);
  await page.goto(at("/"));
  await expect(page.getByRole("img", { name: "Valeria and Sebastián under the garden arch" })).toHaveAttribute("src", uploaded);
  await expect(page.getByRole("img", { name: "Drawing of a flower arch for the ceremony" })).toHaveCount(0);
});
