import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import yauzl from "yauzl";
import { expect, jsDisabled, startServer, TestData, test } from "./fixtures";
import { ADMIN_PASSWORD, signIn } from "./content-editor";

// 'Descargar recuerdo': the couple's keepsake, offered on the home page after the wedding. The
// SERVER's clock decides the season (as in seasons.spec.ts): the guests answer while confirmations
// are open, then the same database and photos are served after the wedding.
const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

type Server = Awaited<ReturnType<typeof startServer>>;

/** Writes every entry of a ZIP under `dir` (yauzl refuses absolute names and ".."), returning the names. */
async function unzip(file: string, dir: string): Promise<string[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      const target = path.join(dir, entry.fileName);
      if (entry.fileName.endsWith("/")) {
        fs.mkdirSync(target, { recursive: true });
        zip.readEntry();
        return;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      zip
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const c of stream) chunks.push(c as Buffer);
          fs.writeFileSync(target, Buffer.concat(chunks));
          zip.readEntry();
        })
        .catch(reject);
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return names;
}

test.describe("Descargar recuerdo", () => {
  let server: Server;
  let dataDir: string;
  const section = "Primer baile";
  const wish = "¡Que sean muy felices para siempre!";
  const message = "Gracias por la fiesta, fue precioso.";
  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-keepsake-"));
    const stored = { DATABASE_PATH: path.join(dataDir, "wedding.sqlite"), UPLOADS_DIR: path.join(dataDir, "uploads") };
    const open = await startServer({ WEDDING_DATE: iso(20 * DAY), RSVP_DEADLINE: iso(DAY), ...stored });
    try {
      const data = new TestData(open);
      const created = await data.createSection({ name: section });
      await data.uploadPhoto(created.id, { name: "vals.jpg", uploaderName: "Marta" });
      await data.createWish({ name: "Tía Rosa", message: wish, publish: true });
      await data.createInvitation({
        primaryGuest: "Lucía Pérez",
        maxGuests: 2,
        confirmedGuests: ["Mario Pérez"],
        dietary: { "Mario Pérez": "Sin gluten" },
        message,
      });
      await data.createInvitation({ primaryGuest: "Pedro Gómez", declined: true });
      data.close();
    } finally {
      await open.stop();
    }
    server = await startServer({ WEDDING_DATE: iso(-3 * DAY), RSVP_DEADLINE: iso(-30 * DAY), ...stored });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the admin downloads it from the home page; it opens from the disk without JavaScript, with the photo, the wish and the guest list", async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ locale: "es-ES", javaScriptEnabled: !jsDisabled(testInfo), viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, server.baseURL);
    await page.goto(`${server.baseURL}/`);
    const hero = page.getByRole("region", { name: "Valeria & Sebastián" });
    const link = hero.getByRole("link", { name: "Descargar recuerdo" });
    await expect(link).toHaveAttribute("href", "/admin/keepsake.zip?lang=es");
    // On a phone's width the button and its note fit.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Recuerdo de Valeria & Sebastián.zip");
    const file = path.join(dataDir, "keepsake.zip");
    await download.saveAs(file);
    await context.close();

    const folder = fs.mkdtempSync(path.join(dataDir, "unzipped-"));
    const names = await unzip(file, folder);
    expect(names).toEqual(expect.arrayContaining(["index.html", "guests.html", "style.css", `fotos/${section}/vals.jpg`]));

    // Offline, from the disk, with no script at all.
    const offline = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const keepsake = await offline.newPage();
    await keepsake.goto(pathToFileURL(path.join(folder, "index.html")).href);
    await expect(keepsake.locator("html")).toHaveAttribute("lang", "es");
    await expect(keepsake.getByRole("heading", { level: 1, name: "Valeria & Sebastián" })).toBeVisible();
    await expect(keepsake.getByRole("heading", { name: section })).toBeVisible();
    const photo = keepsake.getByRole("img", { name: "vals.jpg, foto de Marta" });
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(keepsake.getByText(wish)).toBeVisible();
    await expect(keepsake.getByText("Tía Rosa")).toBeVisible();
    expect(await keepsake.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The guests' own messages are on the couple's page, not the one they might share.
    await expect(keepsake.getByText(message)).toHaveCount(0);

    await keepsake.getByRole("link", { name: "Lista de invitados" }).click();
    await expect(keepsake).toHaveURL(/guests\.html$/);
    await expect(keepsake.getByRole("heading", { name: "Asistieron (2)" })).toBeVisible();
    await expect(keepsake.getByRole("listitem").filter({ hasText: "Lucía Pérez" })).toBeVisible();
    await expect(keepsake.getByRole("listitem").filter({ hasText: "Mario Pérez" })).toContainText("Alimentación: Sin gluten");
    await expect(keepsake.getByRole("heading", { name: "No pudieron asistir (1)" })).toBeVisible();
    await expect(keepsake.getByRole("listitem").filter({ hasText: "Pedro Gómez" })).toBeVisible();
    await expect(keepsake.getByText(message)).toBeVisible();
    await offline.close();
  });

  test("in English when the site is in English", async ({ request }) => {
    const answer = await request.get(`${server.baseURL}/admin/keepsake.zip?lang=en`, {
      headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` },
    });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-disposition"]).toContain("Valeria%20%26%20Sebasti%C3%A1n%20keepsake.zip");
    const file = path.join(dataDir, "en.zip");
    fs.writeFileSync(file, await answer.body());
    const folder = fs.mkdtempSync(path.join(dataDir, "unzipped-en-"));
    expect(await unzip(file, folder)).toContain(`photos/${section}/vals.jpg`);
    const index = fs.readFileSync(path.join(folder, "index.html"), "utf8");
    expect(index).toContain('<html lang="en">');
    expect(index).toContain("Our story");
  });

  test("'Copia de seguridad' offers it too, in the page's language, beside the backup", async ({ browser }, testInfo) => {
    const spanish = await browser.newContext({ locale: "es-ES", javaScriptEnabled: !jsDisabled(testInfo) });
    const page = await spanish.newPage();
    await signIn(page, server.baseURL);
    await page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Copia de seguridad" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Recuerdo" })).toBeVisible();
    await expect(page.getByText("no para restaurar el sitio")).toBeVisible();
    const link = page.getByRole("link", { name: "Descargar recuerdo" });
    await expect(link).toHaveAttribute("href", "/admin/keepsake.zip?lang=es");
    const answer = await page.request.get(new URL((await link.getAttribute("href"))!, server.baseURL).href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("zip");
    expect(answer.headers()["content-disposition"]).toContain("Recuerdo%20de%20Valeria");
    await spanish.close();

    const english = await browser.newContext({ locale: "en-US", javaScriptEnabled: !jsDisabled(testInfo) });
    const en = await english.newPage();
    await en.goto(`${server.baseURL}/admin/backups`);
    await en.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await en.getByRole("button", { name: "Sign in" }).click();
    await expect(en.getByRole("heading", { level: 2, name: "Keepsake" })).toBeVisible();
    const enLink = en.getByRole("link", { name: "Download keepsake" });
    await expect(enLink).toHaveAttribute("href", "/admin/keepsake.zip?lang=en");
    const enAnswer = await en.request.get(new URL((await enLink.getAttribute("href"))!, server.baseURL).href);
    expect(enAnswer.status()).toBe(200);
    expect(enAnswer.headers()["content-type"]).toContain("zip");
    expect(enAnswer.headers()["content-disposition"]).toContain("Valeria%20%26%20Sebasti%C3%A1n%20keepsake.zip");
    await english.close();
  });

  test("a guest sees no keepsake link and gets a 401, not the ZIP", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ locale: "es-ES", javaScriptEnabled: !jsDisabled(testInfo) });
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/`);
    await expect(page.getByRole("region", { name: "Valeria & Sebastián" }).getByRole("link", { name: "Comparte tus fotos" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Descargar recuerdo" })).toHaveCount(0);
    const answer = await page.request.get(`${server.baseURL}/admin/keepsake.zip`);
    expect(answer.status()).toBe(401);
    expect(answer.headers()["content-type"]).not.toContain("zip");
    await context.close();
  });
});
