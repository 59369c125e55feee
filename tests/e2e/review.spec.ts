import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { holdScripts } from "./scripts-held";
import { baseURL, chooseLanguage, expect, jsDisabled, test, uniqueClientAddress } from "./fixtures";

/**
 * Review before publishing (decision 0033), as a couple and a guest live it: a section with 'Revisar antes de
 * publicar'; a guest's photo (with 'Tu nombre') is nowhere public until the admin approves it on
 * 'Por revisar (N)'; a rejected photo's files are gone from the store. JavaScript on and off,
 * Spanish and English.
 */

const TEXTS = {
  es: {
    password: "Contraseña",
    signIn: "Acceder",
    panel: "Panel de Administración",
    tabs: "Secciones del panel",
    gallery: "Galería",
    sectionName: "Nombre de la sección",
    active: "Activar sección",
    review: "Revisar antes de publicar",
    create: "Crear Sección",
    created: "Sección creada exitosamente",
    open: "Ver fotos de",
    noImages: "Aún no hay imágenes",
    yourName: "Tu nombre",
    choose: "Elegir una foto",
    pick: "Subir foto",
    confirm: "Confirmar subida",
    pending: "Tu foto se publicará cuando los novios la aprueben.",
    success: "¡Foto subida exitosamente!",
    toReview: (n: number) => `Por revisar (${n})`,
    approve: "Aprobar",
    reject: "Rechazar",
    approved: "Fotos aprobadas: 1",
    rejected: "Fotos rechazadas y borradas: 1",
  },
  en: {
    password: "Password",
    signIn: "Sign in",
    panel: "Admin Panel",
    tabs: "Panel sections",
    gallery: "Gallery",
    sectionName: "Section name",
    active: "Activate section",
    review: "Review before publishing",
    create: "Create Section",
    created: "Section created successfully",
    open: "See photos of",
    noImages: "No images yet",
    yourName: "Your name",
    choose: "Choose a photo",
    pick: "Upload photo",
    confirm: "Confirm upload",
    pending: "Your photo will appear once the couple approves it.",
    success: "Photo uploaded successfully!",
    toReview: (n: number) => `To review (${n})`,
    approve: "Approve",
    reject: "Reject",
    approved: "Photos approved: 1",
    rejected: "Photos rejected and deleted: 1",
  },
} as const;
type Texts = (typeof TEXTS)["es" | "en"];

const jpeg = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** The admin in a browser of their own (the guest's page never carries the admin's session), in the same language and JavaScript setting. */
async function adminPage(browser: Browser, lang: "es" | "en", noJs: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: !noJs, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() } });
  const page = await context.newPage();
  await chooseLanguage(page, lang);
  return page;
}

async function login(page: Page, t: Texts) {
  await page.goto("/admin");
  await page.getByLabel(t.password, { exact: true }).fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole("button", { name: t.signIn }).click();
  await expect(page.getByRole("heading", { name: t.panel, exact: true })).toBeVisible();
}

/** A section's upload form: the plain one in its article without JavaScript, the dialog with it (the wish form has a 'Tu nombre' of its own). */
const uploadForm = (page: Page, sectionName: string, noJs: boolean) =>
  noJs ? page.getByRole("article", { name: sectionName }) : page.getByRole("dialog", { name: sectionName });

/** A guest's upload through the page: the plain form without JavaScript, the picker and 'Confirmar subida' with it. */
async function guestUpload(page: Page, t: Texts, sectionName: string, noJs: boolean, file: { name: string; buffer: Buffer }, uploaderName?: string) {
  await page.goto("/gallery");
  await page.getByRole("link", { name: `${t.open} ${sectionName}` }).click();
  const scope = uploadForm(page, sectionName, noJs);
  await expect(scope).toBeVisible();
  if (uploaderName !== undefined) await scope.getByLabel(t.yourName).fill(uploaderName);
  const photo = { ...file, mimeType: "image/jpeg" };
  if (noJs) {
    await scope.getByLabel(t.choose).setInputFiles(photo);
  } else {
    const chooser = page.waitForEvent("filechooser");
    await scope.getByRole("button", { name: t.pick }).click();
    await (await chooser).setFiles(photo);
  }
  await scope.getByRole("button", { name: t.confirm }).click();
  return scope;
}

for (const lang of ["es", "en"] as const) {
  test(`a section with approval on keeps a guest's photo from everyone until the couple approves it (${lang})`, async ({ page, browser, data }, testInfo) => {
    test.setTimeout(90_000);
    const noJs = jsDisabled(testInfo);
    const t = TEXTS[lang];
    await chooseLanguage(page, lang);
    const admin = await adminPage(browser, lang, noJs);

    // The admin makes the section: active, 'Revisar antes de publicar' on.
    await login(admin, t);
    await admin.getByRole("navigation", { name: t.tabs }).getByRole("link", { name: t.gallery }).click();
    const sectionName = `Brindis ${lang} ${Date.now()}`;
    await admin.getByLabel(t.sectionName).fill(sectionName);
    await admin.getByLabel(t.active).check();
    await admin.getByLabel(t.review).check();
    await admin.getByRole("button", { name: t.create }).click();
    await expect(admin.getByText(t.created).first()).toBeAttached();
    const [section] = await data.sectionsNamed(sectionName);
    data.trackSection(section.id);
    expect(section.review_uploads).toBe(true);

    // A guest uploads with their name: the review's notice, not the upload success.
    const scope = await guestUpload(page, t, sectionName, noJs, { name: "abrazo.jpg", buffer: await jpeg("#c08060") }, "Tía Rosa");
    await expect(page.getByText(t.pending).first()).toBeVisible();
    await expect(page.getByText(t.success)).toHaveCount(0);
    const [pending] = await data.pendingPhotos(section.id);
    expect([pending.name, pending.uploader_name]).toEqual(["abrazo.jpg", "Tía Rosa"]);
    await expect(scope.getByRole("img", { name: "abrazo.jpg" })).toHaveCount(0);

    // Nowhere public: the gallery, its file (guessed path), the API, the section's ZIP.
    await page.goto("/gallery");
    await expect(page.getByRole("link", { name: `${t.open} ${sectionName}` })).toContainText(t.noImages);
    for (const url of [pending.public_url, pending.thumbnail_url!]) expect((await page.request.get(url)).status()).toBe(404);
    expect(await (await page.request.get(`/api/gallery/sections/${section.id}/media`)).json()).toEqual([]);
    const listed = (await (await page.request.get("/api/gallery/sections")).json()) as { id: number; media: unknown[] }[];
    expect(listed.find((s) => s.id === section.id)?.media).toEqual([]);
    const zip = await page.request.get(`/gallery/${section.id}.zip`);
    expect(zip.status()).toBe(200);
    expect((await zip.body()).includes(Buffer.from("abrazo"))).toBe(false);
    // The name is kept for the next upload, filled in by the server.
    await page.goto(`/gallery?section=${section.id}`);
    await expect(uploadForm(page, sectionName, noJs).getByLabel(t.yourName)).toHaveValue("Tía Rosa");

    // The admin sees it on 'Por revisar (N)' with the guest's name, and approves it. (N counts the
    // whole site's photos waiting: other tests running beside this one may add theirs; the unit tests check N.)
    const tabs = admin.getByRole("navigation", { name: t.tabs });
    await admin.reload();
    const reviewTab = tabs.getByRole("link", { name: t.toReview(0).replace("(0)", "") });
    await expect(reviewTab).toHaveText(new RegExp(`^${t.toReview(0).replace("(0)", "")}\\([1-9]\\d*\\)$`));
    await reviewTab.click();
    const card = admin.getByRole("region", { name: sectionName });
    await expect(card.getByRole("img", { name: "abrazo.jpg" })).toBeVisible();
    await expect(card).toContainText("Tía Rosa");
    await card.getByRole("button", { name: `${t.approve} abrazo.jpg` }).click();
    await expect(admin.getByText(t.approved).first()).toBeAttached();
    await expect(card).toHaveCount(0);

    // Now in the gallery, and its file is served.
    await page.goto(`/gallery?section=${section.id}`);
    const shown = noJs ? page.getByRole("article", { name: sectionName }) : page.getByRole("dialog", { name: sectionName });
    await expect(shown.getByRole("img", { name: "abrazo.jpg" }).first()).toBeVisible();
    expect((await page.request.get(pending.public_url)).status()).toBe(200);

    // A second photo is rejected: its row and both files are gone from the store.
    await guestUpload(page, t, sectionName, noJs, { name: "borrosa.jpg", buffer: await jpeg("#405060") });
    await expect(page.getByText(t.pending).first()).toBeVisible();
    const [rejected] = await data.pendingPhotos(section.id);
    // The store's keys, as the admin's review addresses them (/uploads/{key}).
    const stored = [rejected.public_url, rejected.thumbnail_url!].map((url) => path.join(process.env.E2E_UPLOADS_DIR!, url.replace(/^\/uploads\//, "")));
    expect(fs.existsSync(stored[0])).toBe(true);
    await admin.reload();
    await admin
      .getByRole("region", { name: sectionName })
      .getByRole("button", { name: `${t.reject} borrosa.jpg` })
      .click();
    await expect(admin.getByText(t.rejected).first()).toBeAttached();
    expect(await data.pendingPhotos(section.id)).toEqual([]);
    expect((await data.section(section.id))?.media.map((m) => m.name)).toEqual(["abrazo.jpg"]);
    for (const file of stored) expect(fs.existsSync(file)).toBe(false);
    await page.goto(`/gallery?section=${section.id}`);
    await expect(page.getByRole("img", { name: "borrosa.jpg" })).toHaveCount(0);
    await admin.context().close();
  });
}

test("the admin's own upload to a section under review is published at once @js-only", async ({ request, data }) => {
  const section = await data.createSection({ name: `Novios ${Date.now()}`, reviewUploads: true });
  const file = { name: "nuestra.jpg", mimeType: "image/jpeg", buffer: await jpeg("#806040") };
  const asAdmin = await request.post(`/api/gallery/sections/${section.id}/media`, {
    headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` },
    multipart: { file },
  });
  expect(asAdmin.status()).toBe(201);
  const asGuest = await request.post(`/api/gallery/sections/${section.id}/media`, { multipart: { file } });
  expect(asGuest.status()).toBe(201);
  expect(await asGuest.json()).toMatchObject({ status: "pending", message: TEXTS.es.pending });
  const media = (await (await request.get(`/api/gallery/sections/${section.id}/media`)).json()) as { id: number }[];
  expect(media.map((m) => m.id)).toEqual([((await asAdmin.json()) as { id: number }).id]);
});

test("'Por revisar' and the upload form with 'Tu nombre' pass axe", async ({ browser, data, extraHTTPHeaders }, testInfo) => {
  const noJs = jsDisabled(testInfo);
  const page = await a11yPage(browser, { baseURL: baseURL(), locale: "es-ES", extraHTTPHeaders }, noJs);
  try {
    const section = await data.createSection({ name: `Axe Revisión ${Date.now()}`, reviewUploads: true });
    await data.uploadPhoto(section.id, { asGuest: true, name: "axe.jpg", uploaderName: "Tía Rosa" });
    await page.goto(`/gallery?section=${section.id}`);
    await expect(uploadForm(page, section.name, noJs).getByLabel(TEXTS.es.yourName)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "gallery upload form with the name");
    await login(page, TEXTS.es);
    await page.goto("/admin/review");
    await expect(page.getByRole("region", { name: section.name })).toContainText("Tía Rosa");
    await expectNoSeriousA11yViolations(page, "admin review screen");
  } finally {
    await page.context().close();
  }
});

test("'Tu nombre' typed before the page's script runs stays, and goes with the photo @js-only", async ({ page, data }) => {
  const section = await data.createSection({ name: `Nombre lento ${Date.now()}` });
  const scripts = await holdScripts(page);
  await page.goto(`/gallery?section=${section.id}`, { waitUntil: "commit" });
  await uploadForm(page, section.name, true).getByLabel(TEXTS.es.yourName).fill("Primo Luis");
  scripts.release();
  const dialog = page.getByRole("dialog", { name: section.name });
  await expect(dialog.getByLabel(TEXTS.es.yourName)).toHaveValue("Primo Luis");
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: TEXTS.es.pick }).click();
  await (await chooser).setFiles({ name: "primo.jpg", mimeType: "image/jpeg", buffer: await jpeg("#6080a0") });
  await dialog.getByRole("button", { name: TEXTS.es.confirm }).click();
  await expect(page.getByText(TEXTS.es.success).first()).toBeVisible();
  // Published under the guest's name: the slideshow's captions carry it.
  const { photos } = await (await page.request.get(`/slideshow.json?section=${section.id}`)).json();
  expect(photos.map((p: { uploader_name: string | null }) => p.uploader_name)).toEqual(["Primo Luis"]);
});

test("a batch to a section under review lists each photo as waiting for the couple", async ({ page, data }, testInfo) => {
  const noJs = jsDisabled(testInfo);
  const section = await data.createSection({ name: `Lote ${Date.now()}`, reviewUploads: true });
  await page.goto(`/gallery?section=${section.id}`);
  const scope = noJs ? page.getByRole("article", { name: section.name }) : page.getByRole("dialog", { name: section.name });
  const files = [
    { name: "uno.jpg", mimeType: "image/jpeg", buffer: await jpeg("#a05050") },
    { name: "dos.jpg", mimeType: "image/jpeg", buffer: await jpeg("#50a050") },
  ];
  if (noJs) await scope.getByLabel(TEXTS.es.choose).setInputFiles(files);
  else {
    const chooser = page.waitForEvent("filechooser");
    await scope.getByRole("button", { name: TEXTS.es.pick }).click();
    await (await chooser).setFiles(files);
  }
  await scope.getByRole("button", { name: TEXTS.es.confirm }).click();
  const answer = noJs ? page.getByRole("article", { name: section.name }) : scope;
  await expect(answer.getByText("Tus fotos se publicarán cuando los novios las aprueben.").first()).toBeVisible();
  for (const name of ["uno.jpg", "dos.jpg"])
    await expect(answer.getByRole("listitem").filter({ hasText: name })).toContainText("Se publicará cuando los novios la aprueben");
  expect((await data.pendingPhotos(section.id)).map((p) => p.name).sort()).toEqual(["dos.jpg", "uno.jpg"]);
  expect((await data.section(section.id))?.media).toEqual([]);
});
