import type { Page } from "@playwright/test";
import fs from "node:fs";
import { expect, startServer, TestData, test } from "./fixtures";

const PASSWORD = "e2e-admin-password";

async function login(page: Page, base = "") {
  await page.goto(`${base}/admin`);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
}

async function uploadCsv(page: Page, base: string, name: string, text: string) {
  await page.goto(`${base}/admin/import`);
  await page.getByLabel("Archivo CSV").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
  await page.getByRole("button", { name: "Revisar archivo" }).click();
}

test.describe("guest list in and out (admin)", () => {
  test("an exported CSV re-imports into an empty site as the same invitations", async ({ page }) => {
    test.slow();
    const server = await startServer({ PUBLIC_URL: "https://boda.example.com/" });
    const data = new TestData(server);
    try {
      const ana = await data.createInvitation({ primaryGuest: "Ana Pérez", maxGuests: 3, confirmedGuests: ["Luis Pérez"], language: "en" });
      await data.createInvitation({ primaryGuest: "Familia Soto, de Chitré", maxGuests: 5 });
      await data.createInvitation({ primaryGuest: "Beatriz Ávila", maxGuests: 1 });
      const snapshot = async () =>
        (await data.invitations.list()).map((r) => [r.primaryGuest, r.maxGuests, r.language] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const before = await snapshot();

      await login(page, server.baseURL);
      await page.goto(`${server.baseURL}/admin/invitations`);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
      const csv = fs.readFileSync((await download.path())!, "utf8");
      expect(csv.startsWith("\uFEFFcode,link,primaryGuest,maxGuests,language,status,guest,isPrimary")).toBe(true);
      expect(csv).toContain(`https://boda.example.com/i/${ana.code},Ana Pérez,3,en,confirmed,Luis Pérez,no`);
      expect(csv).toContain(`"Familia Soto, de Chitré",5,es,pending`);

      // An empty site: every invitation deleted, as the admin's API does.
      for (const inv of await data.invitations.list()) await data.invitations.remove(inv.id);
      await uploadCsv(page, server.baseURL, "invitados.csv", csv);
      await expect(page.getByRole("heading", { name: "Vista previa: 3 invitaciones" })).toBeVisible();
      await expect(page.getByRole("cell", { name: "Familia Soto, de Chitré" })).toBeVisible();
      await page.getByRole("button", { name: "Crear 3 invitaciones" }).click();
      await expect(page).toHaveURL(/\/admin\/invitations$/);
      await expect(page.getByText("3 invitaciones creadas exitosamente").first()).toBeAttached();
      expect(await snapshot()).toEqual(before);
    } finally {
      data.close();
      await server.stop();
    }
  });

  test("a file with errors shows every problem and creates nothing", async ({ page, data }) => {
    const existing = await data.createInvitation({ primaryGuest: "Ya Invitada Import" });
    await login(page);
    const csv = [
      "primaryGuest;maxGuests;language",
      "Nueva Import Uno;2;es",
      ";2;es",
      "Nueva Import Dos;12;es",
      "Nueva Import Tres;1;fr",
      "nueva import uno;1;",
      `${existing.primaryGuest};1;es`,
    ].join("\r\n");
    await uploadCsv(page, "", "errores.csv", csv);
    await expect(page.getByRole("heading", { name: "Vista previa: 6 invitaciones" })).toBeVisible();
    for (const problem of [
      "Falta el nombre del invitado principal",
      "Los puestos deben estar entre 1 y 8",
      "Idioma desconocido (usa es o en)",
      "Nombre repetido en el archivo",
      "Ya tiene una invitación",
    ]) {
      await expect(page.getByText(problem)).toBeVisible();
    }
    await expect(page.getByText("Corrige los problemas marcados y vuelve a subir el archivo: no se creó ninguna invitación.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Crear \d+ invitaci/ })).toHaveCount(0);
    expect((await data.invitations.list()).filter((i) => i.primaryGuest.startsWith("Nueva Import"))).toEqual([]);
  });

  test("a file without the header row is refused", async ({ page }) => {
    await login(page);
    await uploadCsv(page, "", "sin-encabezado.csv", "Ana,2\nLuis,1\n");
    await expect(page.getByText("Falta la fila de encabezado primaryGuest,maxGuests[,language].")).toBeVisible();
  });

  test("a formula-like name is exported neutralised", async ({ page, data }) => {
    await data.createInvitation({ primaryGuest: '=HYPERLINK("http://malo.example","clic")', maxGuests: 1 });
    await data.createInvitation({ primaryGuest: "@SUM(1+1)", maxGuests: 1 });
    await login(page);
    const response = await page.request.get("/admin/export.csv");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    const csv = await response.text();
    expect(csv).toContain(`"'=HYPERLINK(""http://malo.example"",""clic"")"`);
    expect(csv).toContain(",'@SUM(1+1),");
    expect(csv).not.toMatch(/,=HYPERLINK/);
  });

  test("the import API previews with dryRun, then creates all or nothing", async ({ request, data }) => {
    const auth = { Authorization: "Bearer e2e-admin-api-token-0123456789" };
    const csv = "primaryGuest,maxGuests,language\nApi Import Uno,2,en\nApi Import Dos,1,es\n";
    const dry = await request.post("/api/invitations/import", { headers: auth, data: { csv, dryRun: true } });
    expect(dry.status()).toBe(200);
    expect((await dry.json()).preview).toMatchObject({ invitations: 2, ok: true });
    expect((await data.invitations.list()).filter((i) => i.primaryGuest.startsWith("Api Import"))).toEqual([]);

    const bad = await request.post("/api/invitations/import", { headers: auth, data: { csv: csv + "Api Import Tres,0,es\n", dryRun: false } });
    expect(bad.status()).toBe(400);
    expect((await data.invitations.list()).filter((i) => i.primaryGuest.startsWith("Api Import"))).toEqual([]);

    const created = await request.post("/api/invitations/import", { headers: auth, data: { csv, dryRun: false } });
    expect(created.status()).toBe(201);
    const rows = (await data.invitations.list())
      .filter((i) => i.primaryGuest.startsWith("Api Import"))
      .sort((a, b) => (a.primaryGuest < b.primaryGuest ? -1 : 1));
    rows.forEach((r) => data.trackInvitation(r.id));
    expect(rows.map((r) => r.language)).toEqual(["es", "en"]);
    expect((await request.post("/api/invitations/import", { data: { csv, dryRun: true } })).status()).toBe(401);
  });
});
