import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, jsDisabled, startServer, TestData, test } from "./fixtures";
import { signIn } from "./content-editor";

/**
 * 'Copia de seguridad': the admin downloads the whole site in one archive, and it restores into a
 * new site (npm run restore) with the guest's answer and the photos; with BACKUP_DIR the
 * scheduled backups are listed with their own download links.
 */

test.describe("Copia de seguridad", () => {
  test("the admin downloads a full backup, and a new site restored from it has the answer and the photo", async ({ page }) => {
    test.setTimeout(120_000);
    const site = await startServer({});
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-restored-"));
    let restored: Awaited<ReturnType<typeof startServer>> | undefined;
    const data = new TestData(site);
    try {
      const invitation = await data.createInvitation({
        primaryGuest: "Ana Respaldo",
        maxGuests: 2,
        confirmedGuests: ["Luis Respaldo"],
        message: "¡Ahí estaremos!",
      });
      const section = await data.createSection({ name: "Fiesta respaldada" });
      const photo = await data.uploadPhoto(section.id, { name: "brindis.jpg" });
      const photoBytes = Buffer.from(await (await fetch(`${site.baseURL}${photo.public_url}`)).arrayBuffer());

      await signIn(page, site.baseURL);
      await page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Copia de seguridad" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Copia de seguridad" })).toBeVisible();
      await expect(page.getByText("Las copias automáticas están desactivadas")).toBeVisible();
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Descargar copia completa" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^boda-copia-.*\.zip$/);
      const archive = path.join(restoredDir, "copia.zip");
      await download.saveAs(archive);

      // Into a new site, as the README says: npm run restore -- <file>, then start it.
      const env = { ...process.env, DATABASE_PATH: path.join(restoredDir, "wedding.sqlite"), UPLOADS_DIR: path.join(restoredDir, "uploads") };
      const { stdout } = await promisify(execFile)(process.execPath, ["scripts/restore.mjs", archive], { env, encoding: "utf8" });
      expect(stdout).toContain("Restored the backup");
      restored = await startServer({ DATABASE_PATH: env.DATABASE_PATH, UPLOADS_DIR: env.UPLOADS_DIR });

      const after = new TestData(restored);
      const [found] = await after.invitationsNamed("Ana Respaldo");
      expect(found?.code).toBe(invitation.code);
      expect(await after.guestsOf(found!.id)).toEqual(["Ana Respaldo", "Luis Respaldo"]);
      after.close();
      const served = await fetch(`${restored.baseURL}${photo.public_url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(photoBytes)).toBe(true);

      // Restoring again into the site that now has data is refused, and says why.
      const again = await promisify(execFile)(process.execPath, ["scripts/restore.mjs", archive], { env, encoding: "utf8" }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect("code" in again && again.code).toBe(1);
      expect("stderr" in again && again.stderr).toContain("already has data");
    } finally {
      data.close();
      await restored?.stop();
      await site.stop();
      fs.rmSync(restoredDir, { recursive: true, force: true });
    }
  });

  test("a scheduled backup appears in the list with its date, size and download link", async ({ page }) => {
    test.setTimeout(90_000);
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-backups-"));
    // Tests only: a backup every 2 seconds instead of daily at 04:00.
    const site = await startServer({ BACKUP_DIR: backupDir, BACKUP_TEST_EVERY_SECONDS: "2" });
    try {
      await expect.poll(() => fs.readdirSync(backupDir).filter((n) => n.endsWith(".zip")).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      await signIn(page, site.baseURL);
      await page.goto(`${site.baseURL}/admin/backups`);
      await expect(page.getByText("Cada día a las 4:00")).toBeVisible();
      await expect(page.getByText(/^Última copia automática: /)).toBeVisible();
      const link = page.getByRole("link", { name: /^Descargar la copia del / }).first();
      await expect(link).toBeVisible();
      const downloading = page.waitForEvent("download");
      await link.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^backup-.*\.zip$/);
      expect(fs.statSync((await download.path())!).size).toBeGreaterThan(100);
      // /healthz reports the last one.
      const health = (await (await fetch(`${site.baseURL}/healthz`)).json()) as { backup: { ok: boolean } | null };
      expect(health.backup).toMatchObject({ ok: true });
      // Without the session nothing is given.
      expect((await fetch(`${site.baseURL}/admin/backup.zip`)).status).toBe(401);
    } finally {
      await site.stop();
      fs.rmSync(backupDir, { recursive: true, force: true });
    }
  });
});

test.describe("Restaurar una copia, on a new site's first run", () => {
  const FRESH = { ADMIN_PASSWORD: "", SEED_DEMO_DATA: "0", WEDDING_DATE: "", RSVP_DEADLINE: "" };
  const setupLink = (output: string) => {
    const match = /http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+/.exec(output);
    if (!match) throw new Error(`no setup link in the start output:\n${output}`);
    return match[0];
  };

  test("a refused file changes nothing; the backup restores, and the couple signs in with the restored password", async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const source = await startServer(FRESH);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-setup-restore-"));
    let target: Awaited<ReturnType<typeof startServer>> | undefined;
    const data = new TestData(source);
    try {
      // The source site set up as a couple does it: its password is the stored one the backup carries.
      await page.goto(setupLink(source.output()).replace(/^http:\/\/[^/]+/, source.baseURL));
      await page.getByLabel("Nombres de la pareja").fill("Ana & Luis");
      await page.getByLabel("Fecha y hora de la boda").fill("2031-06-20T18:30");
      await page.getByLabel("Fecha límite para confirmar").fill("2031-05-20T23:59");
      await page.getByLabel("Contraseña del panel", { exact: true }).fill("clave-de-la-copia");
      await page.getByLabel("Repite la contraseña").fill("clave-de-la-copia");
      await page.getByRole("button", { name: "Crear mi sitio" }).click();
      await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
      const invitation = await data.createInvitation({ primaryGuest: "Marta Copia", maxGuests: 2, confirmedGuests: ["Pedro Copia"] });
      const section = await data.createSection({ name: "Ceremonia" });
      const photo = await data.uploadPhoto(section.id, { name: "anillos.jpg" });
      const archive = path.join(work, "copia.zip");
      const response = await fetch(`${source.baseURL}/admin/backup.zip`, { headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` } });
      expect(response.status).toBe(200);
      fs.writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
      const cut = path.join(work, "cortada.zip");
      fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, 4000));

      target = await startServer(FRESH);
      // Without the printed token the page is not there.
      expect((await fetch(`${target.baseURL}/setup/restore?token=not-the-token`)).status).toBe(404);
      expect((await fetch(`${target.baseURL}/setup/restore`)).status).toBe(404);
      await page.context().clearCookies();
      await page.goto(setupLink(target.output()).replace(/^http:\/\/[^/]+/, target.baseURL));
      await page.getByRole("link", { name: "Restaurar una copia" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Restaurar una copia" })).toBeVisible();
      // axe runs in the page's script: with JavaScript only.
      if (!jsDisabled(testInfo)) await expectNoSeriousA11yViolations(page, "/setup/restore");
      await page.getByLabel("Archivo de la copia (.zip)").setInputFiles(cut);
      await page.getByRole("button", { name: "Restaurar" }).click();
      await expect(page.getByRole("alert")).toContainText("no es un ZIP completo");
      expect(await new TestData(target).invitationsNamed("Marta Copia")).toEqual([]);

      await page.getByLabel("Archivo de la copia (.zip)").setInputFiles(archive);
      await page.getByRole("button", { name: "Restaurar" }).click();
      await expect(page).toHaveURL(`${target.baseURL}/admin`);
      await page.getByLabel("Contraseña", { exact: true }).fill("clave-de-la-copia");
      await page.getByRole("button", { name: "Acceder" }).click();
      await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
      const after = new TestData(target);
      const [found] = await after.invitationsNamed("Marta Copia");
      expect(found?.code).toBe(invitation.code);
      expect(await after.guestsOf(found!.id)).toEqual(["Marta Copia", "Pedro Copia"]);
      after.close();
      expect((await fetch(`${target.baseURL}${photo.public_url}`)).status).toBe(200);
      // The site is set up now: the restore page is gone like /setup.
      expect((await fetch(`${target.baseURL}/setup/restore?token=anything`)).status).toBe(404);
    } finally {
      data.close();
      await target?.stop();
      await source.stop();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
