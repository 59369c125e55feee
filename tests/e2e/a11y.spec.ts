import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { baseURL, expect, jsDisabled, test as base } from "./fixtures";
import type { Page } from "@playwright/test";

/** `page` here always runs axe: see a11yPage for the no-JavaScript project. */
const test = base.extend({
  page: async ({ browser, locale, colorScheme, extraHTTPHeaders }, use, testInfo) => {
    const page = await a11yPage(browser, { baseURL: baseURL(), locale, colorScheme, extraHTTPHeaders }, jsDisabled(testInfo));
    await use(page);
    await page.context().close();
  },
});

/** axe-core on every page and state, in Spanish and English, light and dark. */
const variants = [
  { locale: "es-ES", colorScheme: "light" as const },
  { locale: "es-ES", colorScheme: "dark" as const },
  { locale: "en-US", colorScheme: "light" as const },
  { locale: "en-US", colorScheme: "dark" as const },
];

for (const variant of variants) {
  test.describe(`accessibility ${variant.locale} ${variant.colorScheme}`, () => {
    test.use({ locale: variant.locale, colorScheme: variant.colorScheme });

    async function setTheme(page: Page) {
      // Without JavaScript the system preference cannot be read: save the choice as the toggle would.
      await page
        .context()
        .addCookies([
          { name: "theme", value: Buffer.from(JSON.stringify(variant.colorScheme)).toString("base64"), url: `http://127.0.0.1:${process.env.E2E_PORT}` },
        ]);
    }

    test("the home page", async ({ page }) => {
      await setTheme(page);
      await page.goto("/");
      await expectNoSeriousA11yViolations(page, "/");
    });

    test("the admin panel, locked and each tab", async ({ page }) => {
      await setTheme(page);
      await page.goto("/admin");
      await expectNoSeriousA11yViolations(page, "/admin locked");
      const es = variant.locale.startsWith("es");
      await page.getByLabel(es ? "Contraseña" : "Password", { exact: true }).fill("e2e-admin-password");
      await page.getByRole("button", { name: es ? "Acceder" : "Sign in" }).click();
      await expect(page.getByRole("heading", { name: es ? "Panel de Administración" : "Admin Panel", exact: true })).toBeVisible();
      for (const tab of ["/admin", "/admin/invitations", "/admin/create", "/admin/gallery", "/admin/backups"]) {
        await page.goto(tab);
        await expectNoSeriousA11yViolations(page, tab);
      }
    });

    test("the gallery, and a section", async ({ page, data }, testInfo) => {
      await setTheme(page);
      const section = await data.createSection({ name: `Axe ${variant.locale} ${variant.colorScheme}` });
      await page.goto("/gallery");
      await expectNoSeriousA11yViolations(page, "/gallery");
      await page.goto(`/gallery?section=${section.id}`);
      // With JavaScript the section opens as a dialog once hydrated: scan it open, not mid-transition.
      if (!jsDisabled(testInfo)) await expect(page.getByRole("dialog", { name: section.name })).toBeVisible();
      await expect(page.getByText(/No hay fotos|There are no photos/).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/gallery section");
    });

    test("the not-found page", async ({ page }) => {
      await setTheme(page);
      await page.goto("/404");
      await expect(page.locator("html")).toHaveAttribute("lang", variant.locale.slice(0, 2));
      await expectNoSeriousA11yViolations(page);
    });

    test("every /confirm state", async ({ page, data }, testInfo) => {
      await setTheme(page);
      await page.goto("/confirm");
      await expectNoSeriousA11yViolations(page, "/confirm code form");
      const es = variant.locale.startsWith("es");
      await page.getByRole("button", { name: es ? "Verificar Código" : "Verify Code" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/confirm code error");
      const inv = await data.createInvitation({ primaryGuest: "Axe Tester", maxGuests: 3 });
      await page.getByLabel(es ? "Código de Invitación" : "Invitation Code").fill(inv.code);
      await page.getByRole("button", { name: es ? "Verificar Código" : "Verify Code" }).click();
      await expect(page.getByRole("heading", { name: /Axe Tester/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/confirm invitation");
      if (!jsDisabled(testInfo)) {
        await page.getByRole("button", { name: es ? "Confirmar Asistencia" : "Confirm Attendance" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectNoSeriousA11yViolations(page, "/confirm dialog");
        await page
          .getByRole("dialog")
          .getByLabel(es ? "Invitado Adicional 1" : "Additional Guest 1")
          .fill("Axe Friend");
        await page
          .getByRole("dialog")
          .getByRole("button", { name: es ? "Confirmar" : "Confirm", exact: true })
          .click();
      } else {
        await page.getByLabel(es ? "Invitado Adicional 1" : "Additional Guest 1").fill("Axe Friend");
        await page.getByRole("button", { name: es ? "Confirmar Asistencia" : "Confirm Attendance" }).click();
      }
      await expect(page.getByRole("heading", { name: es ? "¡Asistencia Confirmada!" : "Attendance Confirmed!" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "/confirm confirmed");
    });
  });
}
