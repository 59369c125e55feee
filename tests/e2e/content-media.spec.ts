import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { expect, jsDisabled, startServer, test } from "./fixtures";

/**
 * Contenido → Multimedia (decision 0028), on a server of its own (two workers and the page cache, as in
 * production): the site's portrait and video are one for every visitor, so changing them must not
 * touch the pages other specs look at. Each step runs with JavaScript on and off.
 */

const PASSWORD = "e2e-admin-password";
let server: Awaited<ReturnType<typeof startServer>>;
let video: Buffer;

/** A real, playable MP4: a second of colour frames recorded by the browser's own MediaRecorder. */
async function recordMp4(browser: Browser): Promise<Buffer> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 64;
    const draw = canvas.getContext("2d")!;
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: "video/mp4" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.start();
    for (let i = 0; i < 12; i++) {
      draw.fillStyle = `hsl(${i * 30}, 70%, 50%)`;
      draw.fillRect(0, 0, 64, 64);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    recorder.stop();
    await new Promise((resolve) => (recorder.onstop = resolve));
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  await context.close();
  return Buffer.from(bytes);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  server = await startServer({ WEB_CONCURRENCY: "2", PAGE_CACHE_TTL_MS: "1000" });
  video = await recordMp4(browser);
});

test.afterAll(async () => {
  await server?.stop();
});

const at = (path: string) => `${server.baseURL}${path}`;

async function openMultimedia(page: Page, lang: "es" | "en") {
  if (lang === "en") {
    await page.context().addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: server.baseURL }]);
  }
  await page.goto(at("/admin/content/media"));
  const password = page.getByLabel(lang === "es" ? "Contraseña" : "Password", { exact: true });
  if (await password.isVisible()) {
    await password.fill(PASSWORD);
    await page.getByRole("button", { name: lang === "es" ? "Acceder" : "Sign in" }).click();
  }
  await expect(page.getByRole("heading", { level: 2, name: lang === "es" ? "Multimedia" : "Media" })).toBeVisible();
}

/** Uploads a file in one slot's card (its heading names it) and waits for the answer's page. */
async function upload(page: Page, slot: string, file: { name: string; mimeType: string; buffer: Buffer }, lang: "es" | "en" = "es") {
  const card = page.getByRole("region", { name: slot });
  await card.getByLabel(lang === "es" ? "Archivo nuevo" : "New file").setInputFiles(file);
  await card.getByRole("button", { name: lang === "es" ? "Subir y reemplazar" : "Upload and replace" }).click();
  return card;
}

test("the Multimedia screen has no serious accessibility problem", async ({ browser }, testInfo) => {
  const page = await a11yPage(browser, { locale: "es-ES" }, jsDisabled(testInfo));
  await openMultimedia(page, "es");
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test("replace the portrait and see the new picture on the home page", async ({ page }) => {
  await openMultimedia(page, "es");
  const portrait = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#4a7" } })
    .jpeg()
    .toBuffer();
  const card = await upload(page, "Foto del retrato", { name: "nosotros.jpg", mimeType: "image/jpeg", buffer: portrait });
  await expect(card.getByText("Archivo actual: nosotros.jpg")).toBeVisible();
  // A file of a few KB says so (not "0.0 MB"); the answer says the file was replaced, and the
  // screens say a replaced file is not kept in Historial (only the texts and pictures are).
  await expect(card.getByText(/^Archivo actual: nosotros\.jpg \(\d+ KB\)$/)).toBeVisible();
  await expect(page.getByText("Archivo reemplazado").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText("Contenido guardado").filter({ visible: true })).toHaveCount(0);
  await expect(page.getByText("reemplaza el archivo anterior: no queda en Historial.")).toBeVisible();
  await page.goto(at("/admin/content"));
  await expect(page.getByText("Los archivos de Multimedia (retrato, video y música) no aparecen aquí")).toBeVisible();
  await page.goto(at("/"));
  const picture = page.getByRole("img", { name: "Retrato de Valeria & Sebastián" });
  await expect(picture).toHaveAttribute("src", /^\/media\/site\/\d{13}-[0-9a-f]{12}\.jpg$/);
  // The browser loaded it: a picture of the uploaded size.
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
});

test("a wrong file is refused with a message and changes nothing (es)", async ({ page }) => {
  await openMultimedia(page, "es");
  const before = await page.getByRole("region", { name: "Video de portada" }).textContent();
  const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n".repeat(20));
  await upload(page, "Video de portada", { name: "video.mp4", mimeType: "video/mp4", buffer: pdf });
  await expect(page.getByRole("alert").filter({ hasText: "Este archivo no es un video MP4. Elige un video MP4." })).toBeVisible();
  await page.goto(at("/admin/content/media"));
  expect(await page.getByRole("region", { name: "Video de portada" }).textContent()).toBe(before);
  expect((await page.request.head(at("/media/hero.mp4"))).status()).toBe(204);
});

test("a wrong file is refused in the admin's language (en)", async ({ page }) => {
  await openMultimedia(page, "en");
  const pdf = Buffer.from("%PDF-1.7\n".repeat(50));
  await upload(page, "Background music", { name: "song.mp3", mimeType: "audio/mpeg", buffer: pdf }, "en");
  await expect(page.getByRole("alert").filter({ hasText: "This file is not MP3, M4A or OGG music." })).toBeVisible();
  await page.goto(at("/admin/content/media"));
  await expect(page.getByRole("region", { name: "Background music" }).getByText("The sample music plays.")).toBeVisible();
});

test("upload a video and the hero plays it; remove it and the tinted background shows", async ({ page }, testInfo) => {
  await openMultimedia(page, "es");
  const card = await upload(page, "Video de portada", { name: "boda.mp4", mimeType: "video/mp4", buffer: video });
  await expect(card.getByText("Archivo actual: boda.mp4")).toBeVisible();
  // Phones ask for the video by ranges.
  const part = await page.request.get(at("/media/hero.mp4"), { headers: { Range: "bytes=0-99" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-type"]).toBe("video/mp4");
  expect(part.headers()["content-range"]).toBe(`bytes 0-99/${video.length}`);

  await page.goto(at("/"));
  if (jsDisabled(testInfo)) {
    // Without JavaScript the hero keeps its tinted background (the video is the script's).
    await expect(page.locator(".hero-fallback")).toBeAttached();
  } else {
    const player = page.locator("video.hero-video");
    await expect(player).toHaveAttribute("src", /^\/media\/hero\.mp4\?v=\d{13}-[0-9a-f]{12}$/);
    // It plays: the browser decoded frames of the uploaded file.
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.error), { timeout: 10_000 }).toBe(true);
  }

  await openMultimedia(page, "es");
  await page.getByRole("region", { name: "Video de portada" }).getByRole("button", { name: "Quitar" }).click();
  await expect(page.getByRole("region", { name: "Video de portada" }).getByText("Sin video: la portada muestra su fondo de color.")).toBeVisible();
  expect((await page.request.head(at("/media/hero.mp4"))).status()).toBe(204);
  await page.goto(at("/"));
  await expect(page.locator(".hero-fallback")).toBeAttached();
  await page.waitForTimeout(1500); // past a would-be HEAD check and retry
  await expect(page.locator("video")).toHaveCount(0);
});

test("remove the music and the site shows no player @js-only", async ({ page }) => {
  await page.goto(at("/"));
  await expect(page.getByRole("region", { name: "Música de fondo" })).toBeVisible();
  await openMultimedia(page, "es");
  await page.getByRole("region", { name: "Música de fondo" }).getByRole("button", { name: "Quitar" }).click();
  await expect(page.getByRole("region", { name: "Música de fondo" }).getByText("Sin música: el sitio no muestra el reproductor.")).toBeVisible();
  await page.goto(at("/"));
  await expect(page.getByRole("heading", { level: 1, name: "Valeria & Sebastián" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Música de fondo" })).toHaveCount(0);
  await expect(page.locator("audio")).toHaveCount(0);
});
