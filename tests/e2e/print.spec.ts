import { expect, test } from "./fixtures";

const PASSWORD = "e2e-admin-password";

test.describe("printable cards in pages (admin)", () => {
  test("96 cards a page, with links to the next and previous pages", async ({ page, data }) => {
    // Enough invitations for a second page, whatever other tests have created.
    for (let i = 0; i < 97; i++) await data.createInvitation({ primaryGuest: `Página Tarjeta ${i}` });
    await page.goto("/admin");
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();

    await page.goto("/admin/print");
    await expect(page.getByRole("article")).toHaveCount(96);
    const pages = page.getByRole("navigation", { name: "Páginas de tarjetas" }).first();
    await expect(pages.getByText(/^Página 1 de \d+: tarjetas 1 a 96$/)).toBeVisible();
    await expect(pages.getByRole("link", { name: "Página anterior" })).toHaveCount(0);

    await pages.getByRole("link", { name: "Página siguiente" }).click();
    await expect(page).toHaveURL(/page=2/);
    const second = page.getByRole("navigation", { name: "Páginas de tarjetas" }).first();
    await expect(second.getByText(/^Página 2 de \d+: tarjetas 97 a \d+$/)).toBeVisible();
    expect(await page.getByRole("article").count()).toBeGreaterThan(0);
    await second.getByRole("link", { name: "Página anterior" }).click();
    await expect(page).toHaveURL(/page=1/);
    await expect(page.getByRole("article")).toHaveCount(96);
  });
});
