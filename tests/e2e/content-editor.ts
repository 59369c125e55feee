import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The admin password every e2e server starts with (playwright.config.ts). */
export const ADMIN_PASSWORD = "e2e-admin-password";

/** Signs in to the panel of the server at `baseURL` with the form, as the couple does. */
export async function signIn(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/admin`);
  await page.getByLabel("Contraseña", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
}

/** Opens one sub-section of 'Contenido' through the panel's links. */
export async function openContentSection(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Contenido" }).click();
  await page.getByRole("navigation", { name: "Secciones del contenido" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

/**
 * 'Guardar cambios', then the answer: a toast with JavaScript, the flash message without (whichever
 * shows). The save's own answer is waited for first: the toast of the section saved just before can
 * still be on screen, and a test that went on at once could leave before this save had landed.
 */
export async function saveContent(page: Page) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/admin/content"));
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await answered;
  await expect(page.getByText("Contenido guardado").filter({ visible: true }).last()).toBeVisible();
}
