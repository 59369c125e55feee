import type { Download, Page } from "@playwright/test";
import sharp from "sharp";
import yauzl from "yauzl";
import { expect, jsDisabled, test, type TestData } from "./fixtures";

const jpeg = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Uploads photos through the guests' own path (POST /gallery, as the page's script does). */
async function addPhotos(page: Page, data: TestData, sectionId: number, photos: { name: string; color: string }[], active = true) {
  if (!active) await data.gallery.updateSection(sectionId, { is_active: true });
  for (const photo of photos) {
    const response = await page.request.post("/gallery", {
      multipart: { sectionId: String(sectionId), file: { name: photo.name, mimeType: "image/jpeg", buffer: await jpeg(photo.color) } },
    });
    expect(response.ok()).toBe(true);
  }
  if (!active) await data.gallery.updateSection(sectionId, { is_active: false });
}

/** The names of a downloaded ZIP's entries (read with yauzl), in order. */
async function zipEntries(download: Download): Promise<string[]> {
  // Lazy: entries are read one by one once the listeners are in place.
  const zip = await yauzl.openPromise((await download.path())!, { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return names;
}

test.describe("Descargar todo", () => {
  test("a guest takes a whole active section home: one folder, the photos under their names made unique", async ({ page, data }, testInfo) => {
    const section = await data.createSection({ name: `Fiesta ${Date.now()}` });
    await addPhotos(page, data, section.id, [
      { name: "foto.jpg", color: "red" },
      { name: "foto.jpg", color: "blue" },
      { name: "baile.jpg", color: "green" },
    ]);
    await page.goto("/gallery");
    await page.getByRole("link", { name: `Ver fotos de ${section.name}` }).click();
    const scope = jsDisabled(testInfo) ? page.getByRole("article", { name: section.name }) : page.getByRole("dialog", { name: section.name });
    const link = scope.getByRole("link", { name: "Descargar todo" });
    await expect(link).toHaveAttribute("href", `/gallery/${section.id}.zip`);
    const download = page.waitForEvent("download");
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${section.name}.zip`);
    expect(await zipEntries(file)).toEqual([`${section.name}/`, `${section.name}/foto.jpg`, `${section.name}/foto (2).jpg`, `${section.name}/baile.jpg`]);
  });

  test("a section without photos offers no download; an inactive one gives nothing", async ({ page, data }, testInfo) => {
    const empty = await data.createSection({ name: `Vacía ${Date.now()}` });
    const hidden = await data.createSection({ name: `Oculta ${Date.now()}`, isActive: false });
    await addPhotos(page, data, hidden.id, [{ name: "secreta.jpg", color: "black" }], false);
    await page.goto(`/gallery?section=${empty.id}`);
    if (!jsDisabled(testInfo)) await expect(page.getByRole("dialog", { name: empty.name })).toBeVisible();
    await expect(page.getByText("No hay fotos en esta sección todavía.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Descargar todo" })).toHaveCount(0);
    const refused = await page.request.get(`/gallery/${hidden.id}.zip`);
    expect(refused.status()).toBe(404);
    expect(await refused.text()).toBe("La sección no existe o no está disponible.");
  });

  test("the admin takes every section home, active or not, from the Galería tab", async ({ page, data }) => {
    const stamp = Date.now();
    const active = await data.createSection({ name: `Ceremonia ${stamp}` });
    const hidden = await data.createSection({ name: `Privada ${stamp}`, isActive: false });
    await addPhotos(page, data, active.id, [{ name: "anillos.jpg", color: "gold" }]);
    await addPhotos(page, data, hidden.id, [{ name: "ensayo.jpg", color: "gray" }], false);

    expect((await page.request.get("/admin/gallery.zip")).status()).toBe(401);
    await page.goto("/admin/gallery");
    await page.getByLabel("Contraseña", { exact: true }).fill("e2e-admin-password");
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
    await page.goto("/admin/gallery");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar todo" }).click();
    const entries = await zipEntries(await download);
    expect(entries).toEqual(expect.arrayContaining([`Ceremonia ${stamp}/anillos.jpg`, `Privada ${stamp}/ensayo.jpg`]));
  });
});
