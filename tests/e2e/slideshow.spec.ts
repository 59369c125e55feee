import jsQR from "jsqr";
import sharp from "sharp";
import { baseURL, chooseLanguage, expect, jsDisabled, test, type TestData } from "./fixtures";

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

/** Reads a QR code out of an image the way a phone camera would. */
async function decodeQr(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).flatten({ background: "#fff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

/** A guest's photo, uploaded under their name ('Tu nombre'): public at once unless the section reviews uploads. */
function guestPhoto(data: TestData, sectionId: number, who: string) {
  return data.uploadPhoto(sectionId, { asGuest: true, uploaderName: who, name: "x.jpg" });
}

const texts = {
  es: { share: "Comparte tus fotos", qr: "Código QR de la galería", empty: "Aún no hay fotos. ¡Sube la primera desde tu teléfono!", first: "Foto 1 de 1" },
  en: { share: "Share your photos", qr: "QR code of the gallery", empty: "No photos yet. Upload the first one from your phone!", first: "Photo 1 of 1" },
} as const;

for (const lang of ["es", "en"] as const) {
  test(`an open slideshow shows a newly uploaded photo within 10 s, without a header, footer or music (${lang})`, async ({ page, data }, testInfo) => {
    const t = texts[lang];
    const section = await data.createSection();
    await chooseLanguage(page, lang);
    await page.goto(`/slideshow?section=${section.id}`);
    // No photo yet: the empty text, or a wish (the guests' wishes are site-wide: other tests post them).
    await expect(page.getByText(t.empty).or(page.locator("figure.slide-wish")).first()).toBeVisible();
    await expect(page.getByRole("img", { name: t.first })).toHaveCount(0);
    await expect(page.getByText(t.share)).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.locator("audio")).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    if (!jsDisabled(testInfo)) await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

    // A guest uploads from a phone (a section without review: public at once).
    const uploaded = await page.request.post(`/api/gallery/sections/${section.id}/media`, {
      multipart: { file: { name: "brindis.jpg", mimeType: "image/jpeg", buffer: await jpeg() } },
    });
    expect(uploaded.status()).toBe(201);
    // Within 10 s: the poll (JavaScript) or the page's own refresh (without) brings it.
    const photo = page.getByRole("img", { name: t.first });
    await expect(photo).toBeVisible({ timeout: 10_000 });
    await expect(photo).toHaveAttribute("src", /\/uploads\//);
    await expect(photo).toHaveCSS("object-fit", "contain");
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    // With JavaScript the page was never reloaded.
    if (!jsDisabled(testInfo)) expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  });
}

test("newest photo first, then the rest; a pending photo or another section's is never shown", async ({ page, data }) => {
  const section = await data.createSection();
  const other = await data.createSection();
  await guestPhoto(data, section.id, "Vieja");
  await guestPhoto(data, section.id, "Nueva");
  await guestPhoto(data, other.id, "Otra");
  // Then the couple starts reviewing uploads: the next guest's photo waits.
  await data.gallery.updateSection(section.id, { review_uploads: true });
  await guestPhoto(data, section.id, "Pendiente");
  await page.goto(`/slideshow?section=${section.id}&seconds=3`);
  await expect(page.getByText("Foto de Nueva")).toBeVisible();
  await expect(page.getByText("Foto de Vieja")).toBeVisible({ timeout: 8_000 });
  await expect(page.getByText("Foto de Nueva")).toBeVisible({ timeout: 8_000 });
  const html = await (await page.request.get(`/slideshow?section=${section.id}&at=1`)).text();
  expect(html).not.toContain("Pendiente");
  expect(html).not.toContain("Otra");
});

test("the slideshow's QR code is the gallery's address, and an unknown section says so", async ({ page }) => {
  await page.goto("/slideshow");
  const qr = page.getByRole("img", { name: new RegExp(texts.es.qr) });
  await expect(qr).toBeVisible();
  expect(await decodeQr(await qr.screenshot())).toBe(`${baseURL()}/gallery`);
  const missing = await page.goto("/slideshow?section=987654");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText("Sección no encontrada");
});

test("'Pantalla completa' asks the browser for full screen @js-only", async ({ page }) => {
  await page.goto("/slideshow");
  await page.getByRole("button", { name: "Pantalla completa" }).click();
  await expect(page.getByRole("button", { name: "Salir de pantalla completa" })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
});

test("the slideshow and the gallery's wishes pass the accessibility checks", async ({ browser, data }, testInfo) => {
  const { a11yPage, expectNoSeriousA11yViolations } = await import("./axe");
  const section = await data.createSection();
  await guestPhoto(data, section.id, "Ana");
  const page = await a11yPage(browser, { baseURL: baseURL(), locale: "es-ES" }, jsDisabled(testInfo));
  await page.goto(`/slideshow?section=${section.id}`);
  await expect(page.getByText("Foto de Ana")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/slideshow");
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { name: "Mensajes de los invitados" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/gallery wishes");
  await page.context().close();
});

test("a section hidden while its slideshow is open leaves the screen within 10 s", async ({ page, data }) => {
  const section = await data.createSection();
  await guestPhoto(data, section.id, "Marta");
  await page.goto(`/slideshow?section=${section.id}`);
  await expect(page.getByRole("img", { name: "Foto de Marta" })).toBeVisible();
  await data.gallery.updateSection(section.id, { is_active: false });
  await expect(page.getByRole("img", { name: "Foto de Marta" })).toHaveCount(0, { timeout: 10_000 });
});
