import type { Locator, Page } from "@playwright/test";
import { chooseLanguage, expect, jpeg, openSection, test } from "./fixtures";
import { mp4, pdf } from "../helpers/video-fixtures";

/**
 * Uploads that wait for the signal (decision 0065): with JavaScript each chosen file is kept in the
 * phone's queue (IndexedDB) with a key before it is sent; with no connection the queue says so and
 * sends when the signal returns, or when the gallery is opened again after the page was closed;
 * each file arrives once. A refused file shows the server's reason and leaves the queue. Without
 * JavaScript the plain form uploads as before.
 */

const twoPhotosAndAVideo = async () => [
  { name: "mesa-uno.jpg", mimeType: "image/jpeg", buffer: await jpeg(640, 480) },
  { name: "mesa-dos.jpg", mimeType: "image/jpeg", buffer: await jpeg(480, 640) },
  { name: "baile.mp4", mimeType: "video/mp4", buffer: mp4(8, { filler: 50_000 }) },
];

/** Chooses the files in the section's dialog and sends them ('Confirmar subida'). */
async function chooseAndSend(page: Page, scope: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent("filechooser");
  await scope.getByRole("button", { name: "Subir foto" }).click();
  await (await chooser).setFiles(files);
  await scope.getByRole("button", { name: "Confirmar subida" }).click();
}

/** The section's media names as the API lists them (the admin's token). */
const mediaNames = async (data: { section(id: number): Promise<{ media: { name: string }[] } | undefined> }, id: number) =>
  ((await data.section(id))?.media ?? []).map((m) => m.name).sort();

test.describe("uploads wait for the signal", () => {
  test("offline, two photos and a video wait ('Esperando conexión (3)'); online again, each arrives once @js-only", async ({ page, context, data }) => {
    test.setTimeout(90_000);
    const section = await data.createSection({ name: `Sin señal ${Date.now()}` });
    // The page itself is loaded first; then the signal goes.
    const scope = await openSection(page, section.name, false);
    await context.setOffline(true);
    await chooseAndSend(page, scope, await twoPhotosAndAVideo());
    await expect(scope.getByRole("status").filter({ hasText: "Esperando conexión (3)" })).toBeVisible();
    // Kept in the queue: its list tells each file's state (the form is ready for more).
    const list = scope.getByRole("list", { name: "Fotos y vídeos por enviar" });
    await expect(list.getByRole("listitem").filter({ hasText: "baile.mp4" })).toContainText("Esperando conexión");
    await expect(list.getByRole("button", { name: "Quitar mesa-uno.jpg" })).toBeVisible();
    expect(await mediaNames(data, section.id)).toEqual([]);

    await context.setOffline(false);
    for (const name of ["mesa-uno.jpg", "mesa-dos.jpg", "baile.mp4"])
      await expect(list.getByRole("listitem").filter({ hasText: name })).toContainText("Enviada", { timeout: 30_000 });
    await expect(scope.getByText(/Esperando conexión/)).toHaveCount(0);
    expect(await mediaNames(data, section.id)).toEqual(["baile.mp4", "mesa-dos.jpg", "mesa-uno.jpg"]);
    // Nothing is left to send: the gallery opened again sends nothing more.
    await page.goto("/gallery");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("list", { name: "Fotos y vídeos por enviar" })).toHaveCount(0);
    expect(await mediaNames(data, section.id)).toEqual(["baile.mp4", "mesa-dos.jpg", "mesa-uno.jpg"]);
  });

  for (const lng of ["es", "en"] as const) {
    const text = {
      es: {
        open: "Ver fotos de",
        pick: "Subir foto",
        send: "Confirmar subida",
        busy: "Subiendo...",
        waiting: "Esperando conexión",
        list: "Fotos y vídeos por enviar",
      },
      en: {
        open: "See photos of",
        pick: "Upload photo",
        send: "Confirm upload",
        busy: "Uploading...",
        waiting: "Waiting for connection",
        list: "Photos and videos to send",
      },
    }[lng];
    test(`offline, a photo kept in the queue leaves the form ready: another can be queued at once (${lng}) @js-only`, async ({ page, context, data }) => {
      test.setTimeout(60_000);
      const section = await data.createSection({ name: `Otra más ${lng} ${Date.now()}` });
      await chooseLanguage(page, lng);
      await page.goto("/gallery");
      await page.getByRole("link", { name: `${text.open} ${section.name}` }).click();
      const scope = page.getByRole("dialog", { name: section.name });
      await expect(scope).toBeVisible();
      await context.setOffline(true);
      const queueOne = async (name: string) => {
        const chooser = page.waitForEvent("filechooser");
        await scope.getByRole("button", { name: text.pick }).click();
        await (await chooser).setFiles({ name, mimeType: "image/jpeg", buffer: await jpeg(640, 480) });
        await scope.getByRole("button", { name: text.send }).click();
      };
      await queueOne("primera.jpg");
      await expect(scope.getByRole("status").filter({ hasText: `${text.waiting} (1)` })).toBeVisible();
      // Kept in the queue, nothing is being sent: the form is ready for the next photo, never 'Subiendo...'.
      await expect(scope.getByRole("button", { name: text.pick })).toBeEnabled();
      await expect(scope.getByRole("button", { name: text.busy })).toHaveCount(0);
      await queueOne("segunda.jpg");
      await expect(scope.getByRole("status").filter({ hasText: `${text.waiting} (2)` })).toBeVisible();
      await expect(scope.getByRole("button", { name: text.pick })).toBeEnabled();
      // The queue's list tells each file's state.
      const list = scope.getByRole("list", { name: text.list });
      await expect(list.getByRole("listitem")).toHaveCount(2);
      for (const name of ["primera.jpg", "segunda.jpg"]) await expect(list.getByRole("listitem").filter({ hasText: name })).toContainText(text.waiting);
      expect(await mediaNames(data, section.id)).toEqual([]);

      await context.setOffline(false);
      for (const name of ["primera.jpg", "segunda.jpg"])
        await expect(list.getByRole("listitem").filter({ hasText: name })).toContainText(lng === "es" ? "Enviada" : "Sent", { timeout: 30_000 });
      expect(await mediaNames(data, section.id)).toEqual(["primera.jpg", "segunda.jpg"]);
    });
  }

  test("queued offline, the page closed: the gallery opened again online sends the three, once @js-only", async ({ page, context, data }) => {
    test.setTimeout(90_000);
    const section = await data.createSection({ name: `Cerrada ${Date.now()}` });
    const scope = await openSection(page, section.name, false);
    await context.setOffline(true);
    await chooseAndSend(page, scope, await twoPhotosAndAVideo());
    await expect(scope.getByRole("status").filter({ hasText: "Esperando conexión (3)" })).toBeVisible();
    await page.close();
    expect(await mediaNames(data, section.id)).toEqual([]);

    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto("/gallery");
    const queue = again.getByRole("list", { name: "Fotos y vídeos por enviar" });
    await expect(queue.getByRole("listitem")).toHaveCount(3);
    for (const name of ["mesa-uno.jpg", "mesa-dos.jpg", "baile.mp4"])
      await expect(queue.getByRole("listitem").filter({ hasText: name })).toContainText("Enviada", { timeout: 30_000 });
    expect(await mediaNames(data, section.id)).toEqual(["baile.mp4", "mesa-dos.jpg", "mesa-uno.jpg"]);
    // Opened once more: the queue is empty, nothing is sent twice.
    await again.reload();
    await expect(again.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(again.getByRole("list", { name: "Fotos y vídeos por enviar" })).toHaveCount(0);
    expect(await mediaNames(data, section.id)).toEqual(["baile.mp4", "mesa-dos.jpg", "mesa-uno.jpg"]);
  });

  test("'Quitar' takes a waiting file out of the queue: it is never sent @js-only", async ({ page, context, data }) => {
    test.setTimeout(60_000);
    const section = await data.createSection({ name: `Quitar ${Date.now()}` });
    const scope = await openSection(page, section.name, false);
    await context.setOffline(true);
    const [one, two] = await twoPhotosAndAVideo();
    await chooseAndSend(page, scope, [one!, two!]);
    await expect(scope.getByRole("status").filter({ hasText: "Esperando conexión (2)" })).toBeVisible();
    await scope.getByRole("button", { name: "Quitar mesa-uno.jpg" }).click();
    await expect(scope.getByRole("status").filter({ hasText: "Esperando conexión (1)" })).toBeVisible();
    await context.setOffline(false);
    await expect(scope.getByRole("list", { name: "Fotos y vídeos por enviar" }).getByRole("listitem").filter({ hasText: "mesa-dos.jpg" })).toContainText(
      "Enviada",
      {
        timeout: 30_000,
      },
    );
    expect(await mediaNames(data, section.id)).toEqual(["mesa-dos.jpg"]);
  });

  test("a refused file (a PDF named .jpg) shows the server's reason and leaves the queue @js-only", async ({ page, data }) => {
    const section = await data.createSection({ name: `Rechazo ${Date.now()}` });
    const scope = await openSection(page, section.name, false);
    await chooseAndSend(page, scope, [{ name: "factura.jpg", mimeType: "image/jpeg", buffer: pdf() }]);
    await expect(scope.getByRole("alert").filter({ hasText: "El archivo no es una foto ni un vídeo válido." }).first()).toBeVisible();
    expect(await mediaNames(data, section.id)).toEqual([]);
    await page.goto("/gallery");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("list", { name: "Fotos y vídeos por enviar" })).toHaveCount(0);
    await expect(page.getByText("factura.jpg")).toHaveCount(0);
  });

  test("an upload sent again with its Idempotency-Key is stored once and answered as the first time @js-only", async ({ request, data }) => {
    const section = await data.createSection({ name: `Repetida ${Date.now()}` });
    const key = "3d9f1e2a-7b6c-4d5e-8f90-a1b2c3d4e5f6";
    const send = () =>
      request.post(`/api/gallery/sections/${section.id}/media`, {
        headers: { "Idempotency-Key": key },
        multipart: { uploaderName: "Lucía", file: { name: "repetida.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(0) } },
      });
    const photo = await jpeg(320, 240);
    const sendPhoto = () =>
      request.post(`/api/gallery/sections/${section.id}/media`, {
        headers: { "Idempotency-Key": key },
        multipart: { uploaderName: "Lucía", file: { name: "repetida.jpg", mimeType: "image/jpeg", buffer: photo } },
      });
    // A refused attempt (an empty file) leaves the key free.
    expect((await send()).status()).toBeGreaterThanOrEqual(400);
    const first = await sendPhoto();
    expect(first.status()).toBe(201);
    const again = await sendPhoto();
    expect(again.status()).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await mediaNames(data, section.id)).toEqual(["repetida.jpg"]);
  });

  test("without JavaScript the plain form still uploads @no-js-only", async ({ page, data }) => {
    const section = await data.createSection({ name: `Sin script ${Date.now()}` });
    const scope = await openSection(page, section.name, true);
    await scope.getByLabel("Elegir una foto").setInputFiles({ name: "sencilla.jpg", mimeType: "image/jpeg", buffer: await jpeg(640, 480) });
    await scope.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(page.getByRole("status").filter({ hasText: "¡Foto subida exitosamente!" })).toBeVisible();
    expect(await mediaNames(data, section.id)).toEqual(["sencilla.jpg"]);
  });
});
