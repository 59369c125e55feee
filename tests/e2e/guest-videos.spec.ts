import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { baseURL, expect, jsDisabled, startServer, test, uniqueClientAddress } from "./fixtures";
import { mp4, pdf } from "../helpers/video-fixtures";

/**
 * Guests' short videos (decision 0063): a video goes up through the gallery's one upload flow (the
 * picker with JavaScript, the plain form without), waits for review like a photo, is played in
 * 'Por revisar', in the viewer (byte ranges), in the slideshow (muted) and is in the section's ZIP.
 * A video over GALLERY_VIDEO_MAX_MB and a renamed PDF are refused with their messages, nothing kept.
 */

async function adminPage(browser: Browser, base: string, noJs: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, javaScriptEnabled: !noJs, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByLabel("Contraseña", { exact: true }).fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("heading", { name: "Panel de Administración", exact: true })).toBeVisible();
  return page;
}

/** A guest's upload from the section's page: the picker and 'Confirmar subida' with JavaScript, the plain form without. */
async function guestUpload(
  page: Page,
  sectionId: number,
  sectionName: string,
  noJs: boolean,
  file: { name: string; mimeType: string; buffer: Buffer },
  { confirm = true } = {},
) {
  await page.goto(`/gallery?section=${sectionId}`);
  const scope = noJs ? page.getByRole("article", { name: sectionName }) : page.getByRole("dialog", { name: sectionName });
  await expect(scope).toBeVisible();
  if (noJs) await scope.getByLabel("Elegir una foto").setInputFiles(file);
  else {
    const chooser = page.waitForEvent("filechooser");
    await scope.getByRole("button", { name: "Subir foto" }).click();
    await (await chooser).setFiles(file);
  }
  if (confirm) await scope.getByRole("button", { name: "Confirmar subida" }).click();
  return scope;
}

/** A section through the API (active, uploads open, review on). */
async function createSection(base: string, name: string): Promise<number> {
  const response = await fetch(`${base}/api/gallery/sections`, {
    method: "POST",
    headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}`, "Content-Type": "application/json", "X-Forwarded-For": uniqueClientAddress() },
    body: JSON.stringify({ name, is_active: true, allow_upload: true, review_uploads: true }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test("a guest's short video waits for review, is played in 'Por revisar', the viewer and the slideshow, and is in the ZIP", async ({
  page,
  browser,
  data,
}, testInfo) => {
  test.setTimeout(90_000);
  const noJs = jsDisabled(testInfo);
  const sectionName = `Vídeos ${testInfo.project.name} ${Date.now()}`;
  const section = await data.createSection({ name: sectionName, reviewUploads: true });

  await guestUpload(page, section.id, sectionName, noJs, { name: "brindis.mp4", mimeType: "video/mp4", buffer: mp4(12, { filler: 200_000 }) });
  await expect(page.getByText("Tu foto se publicará cuando los novios la aprueben.").first()).toBeVisible();
  const [pending] = await data.pendingPhotos(section.id);
  expect(pending.name).toBe("brindis.mp4");

  // 'Por revisar': a player, then 'Aprobar'.
  const admin = await adminPage(browser, baseURL(), noJs);
  await admin.goto("/admin/review");
  const card = admin.getByRole("region", { name: sectionName });
  const review = card.locator("video[controls]");
  await expect(review).toHaveAttribute("src", pending.public_url);
  await card.getByRole("button", { name: "Aprobar brindis.mp4" }).click();
  await expect(admin.getByText("Fotos aprobadas: 1").first()).toBeAttached();
  await admin.context().close();

  // The viewer plays it with controls; its address answers byte ranges as a video.
  await page.goto(`/gallery?section=${section.id}`);
  const scope = noJs ? page.getByRole("article", { name: sectionName }) : page.getByRole("dialog", { name: sectionName });
  const player = scope.locator("video[controls]");
  await expect(player).toHaveAttribute("aria-label", "brindis.mp4");
  const src = (await player.getAttribute("src"))!;
  const part = await page.request.get(src, { headers: { Range: "bytes=0-99" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-type"]).toBe("video/mp4");
  expect(part.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
  expect((await part.body()).subarray(4, 8).toString("latin1")).toBe("ftyp");

  // The slideshow plays it muted.
  await page.goto(`/slideshow?section=${section.id}`);
  const slide = page.locator(`video[src="${src}"]`);
  await expect(slide).toHaveAttribute("muted", "");
  if (!noJs) expect(await slide.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

  // The section's ZIP holds it.
  const zip = await page.request.get(`/gallery/${section.id}.zip`);
  expect(zip.status()).toBe(200);
  expect((await zip.body()).includes(Buffer.from("brindis.mp4"))).toBe(true);
});

test.describe("refused videos", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    server = await startServer({ GALLERY_VIDEO_MAX_MB: "1" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a video over GALLERY_VIDEO_MAX_MB and a renamed PDF are refused with their messages, and nothing is kept", async ({ browser }, testInfo) => {
    test.setTimeout(60_000);
    const noJs = jsDisabled(testInfo);
    const context = await browser.newContext({
      baseURL: server.baseURL,
      javaScriptEnabled: !noJs,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
    });
    const page = await context.newPage();
    const sectionName = `Rechazos ${Date.now()}`;
    const id = await createSection(server.baseURL, sectionName);

    // With JavaScript the page says so as soon as it is picked; without, the server's answer does.
    await guestUpload(
      page,
      id,
      sectionName,
      noJs,
      { name: "largo.mp4", mimeType: "video/mp4", buffer: mp4(20, { filler: 1024 * 1024 + 10_000 }) },
      { confirm: noJs },
    );
    await expect(page.getByText("El vídeo supera 1 MB.").first()).toBeVisible();

    await guestUpload(page, id, sectionName, noJs, { name: "boda.mp4", mimeType: "video/mp4", buffer: pdf() });
    await expect(page.getByText("El archivo no es una foto ni un vídeo válido.", { exact: false }).first()).toBeVisible();

    // The server refuses the large one itself too (the page's script checks before sending).
    const big = await context.request.post(`/api/gallery/sections/${id}/media`, {
      multipart: { file: { name: "largo.mp4", mimeType: "video/mp4", buffer: mp4(20, { filler: 1024 * 1024 + 10_000 }) } },
    });
    expect(big.status()).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe("El vídeo supera 1 MB. Elige uno más corto o grábalo con menos calidad.");

    const listed = await context.request.get(`/api/gallery/sections/${id}/media`, { headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` } });
    expect(await listed.json()).toEqual([]);
    const folder = path.join(server.dataDir, "uploads", String(id));
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
    await context.close();
  });
});
