import jsQR from "jsqr";
import sharp from "sharp";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { expect, jpeg, jsDisabled, seatTables, startServer, TestData, test } from "./fixtures";

/**
 * The day itself: 'Programa del día' (Contenido, the home page from the day before the wedding),
 * a table card's page /mesa/{token} (its people, the programme, 'Sube tus fotos' tagged with the
 * table, the slideshow's ?table=), and the tables' printables. JavaScript on and off, es and en.
 *
 * The tables and who sits where are made through the app's API (seatTables below), as 'Mesas' does.
 */
test.describe.configure({ mode: "serial" });

type Server = Awaited<ReturnType<typeof startServer>>;
const ZONE = "America/Panama";
const HOUR = 60 * 60 * 1000;

/** 16:00 at the venue `days` calendar days after today there (Panamá: UTC-5 all year). */
function weddingInDays(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days, 21, 0)).toISOString();
}

let dayBefore: Server;
let twoDaysBefore: Server;
test.beforeAll(async () => {
  // Answers still open (an hour before the ceremony): the guests seated here confirm first.
  const deadline = (wedding: string) => new Date(Date.parse(wedding) - HOUR).toISOString();
  [dayBefore, twoDaysBefore] = await Promise.all([
    startServer({ WEDDING_DATE: weddingInDays(1), RSVP_DEADLINE: deadline(weddingInDays(1)) }),
    startServer({ WEDDING_DATE: weddingInDays(2), RSVP_DEADLINE: deadline(weddingInDays(2)) }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([dayBefore?.stop(), twoDaysBefore?.stop()]);
});

async function context(browser: Browser, server: Server, testInfo: TestInfo, lng: "es" | "en" = "es") {
  const ctx = await browser.newContext({ baseURL: server.baseURL, locale: lng === "en" ? "en-US" : "es-ES", javaScriptEnabled: !jsDisabled(testInfo) });
  await setLanguage(ctx.pages()[0] ?? (await ctx.newPage()), server, lng);
  return { ctx, page: ctx.pages()[0]! };
}

async function setLanguage(page: Page, server: Server, lng: "es" | "en") {
  const value = Buffer.from(JSON.stringify(lng)).toString("base64");
  await page.context().addCookies([{ name: "lng", value, url: server.baseURL }]);
}

async function signIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Contraseña", { exact: true }).fill("e2e-admin-password");
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toBeVisible();
}

/** 22 characters of base64url, as 'Mesas' makes a card's token (128 random bits). */
const token = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");

async function decodeQr(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).flatten({ background: "#fff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

const programme = (page: Page, name: string) => page.getByRole("region", { name });
const lines = (page: Page, name: string) => programme(page, name).getByRole("listitem");

test("the couple writes 'Programa del día' (rows added and moved up); the day before the wedding the home page shows it by time, in Spanish and English", async ({
  browser,
}, testInfo) => {
  const { ctx, page } = await context(browser, dayBefore, testInfo);
  try {
    await page.goto("/");
    await expect(programme(page, "Programa del día")).toHaveCount(0);
    await signIn(page);
    await page.goto("/admin/content/programme");
    await expect(page.getByText("Todavía no hay programa")).toBeVisible();
    const moments: [string, string, string][] = [
      ["21:00", "Baile", "Dancing"],
      ["17:00", "Ceremonia", "Ceremony"],
      ["19:00", "Cena", ""],
    ];
    for (const [i, [time, es, en]] of moments.entries()) {
      await page.getByRole("button", { name: "Agregar momento" }).click();
      const row = page.getByRole("group", { name: `Momento ${i + 1}` });
      await row.getByLabel("Hora").fill(time);
      await row.getByLabel("Título (ES)").fill(es);
      await row.getByLabel("Título (EN)").fill(en);
    }
    // 'Cena' one place up: the list is saved in the order shown.
    await page.getByRole("button", { name: "Subir momento 3" }).click();
    await expect(page.getByRole("group", { name: "Momento 2" }).getByLabel("Título (ES)")).toHaveValue("Cena");
    await expect(page.getByRole("group", { name: "Momento 3" }).getByLabel("Título (ES)")).toHaveValue("Ceremonia");
    await expect(page.getByRole("button", { name: "Subir momento 1" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Bajar momento 3" })).toHaveCount(0);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Contenido guardado").filter({ visible: true }).first()).toBeVisible();
    await page.goto("/admin/content/programme");
    await expect(page.getByRole("group", { name: "Momento 2" }).getByLabel("Título (ES)")).toHaveValue("Cena");
    await expect(page.getByRole("group", { name: "Momento 1" }).getByLabel("Hora")).toHaveValue("21:00");

    await page.goto("/");
    await expect(lines(page, "Programa del día")).toHaveText(["17:00Ceremonia", "19:00Cena", "21:00Baile"]);
    await setLanguage(page, dayBefore, "en");
    await page.goto("/");
    // English left empty shows the Spanish title.
    await expect(lines(page, "Programme of the day")).toHaveText(["17:00Ceremony", "19:00Cena", "21:00Dancing"]);
  } finally {
    await ctx.close();
  }
});

test("a moment without a valid time is refused with its message, and nothing is saved", async ({ browser }, testInfo) => {
  const { ctx, page } = await context(browser, dayBefore, testInfo);
  try {
    await signIn(page);
    await page.goto("/admin/content/programme");
    await page.getByRole("button", { name: "Agregar momento" }).click();
    await page.getByRole("group", { name: "Momento 4" }).getByLabel("Título (ES)").fill("Pastel");
    await page.getByRole("button", { name: "Subir momento 4" }).click();
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    // What was typed comes back where it was moved to, with the time's message.
    const row = page.getByRole("group", { name: "Momento 3" });
    await expect(row.getByLabel("Título (ES)")).toHaveValue("Pastel");
    await expect(row).toContainText("Este campo es obligatorio.");
    await expect(page.getByRole("group", { name: "Momento 4" }).getByLabel("Título (ES)")).toHaveValue("Ceremonia");
    await page.goto("/");
    await expect(lines(page, "Programa del día")).toHaveCount(3);
  } finally {
    await ctx.close();
  }
});

test("two days before the wedding the home page has no programme; a table's page shows it", async ({ browser }, testInfo) => {
  const { ctx, page } = await context(browser, twoDaysBefore, testInfo);
  try {
    await signIn(page);
    const { format } = await (await page.request.get("/admin/content/export.json")).json();
    const content = { programme: { entries: [{ time: "15:30", title: { es: "Llegada de los novios", en: "The couple arrives" } }] } };
    const imported = await page.request.post("/admin/content?index", {
      multipart: { intent: "applyImport", text: JSON.stringify({ format, version: 1, content }) },
      maxRedirects: 0,
    });
    expect(imported.status(), await imported.text()).toBeLessThan(400);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(programme(page, "Programa del día")).toHaveCount(0);
    await expect(page.getByText("Llegada de los novios")).toHaveCount(0);
    const [mesa] = await seatTables(twoDaysBefore, [{ name: "Mesa 1", people: [] }]);
    await page.goto(`/mesa/${mesa}`);
    await expect(lines(page, "Programa del día")).toHaveText(["15:30Llegada de los novios"]);
  } finally {
    await ctx.close();
  }
});

test("a table's page: its name, the first names of the people confirmed at it, the programme; a wrong token is the 404", async ({ browser }, testInfo) => {
  const data = new TestData(dayBefore);
  await data.createInvitation({ primaryGuest: "María José Pérez", maxGuests: 2, confirmedGuests: ["Juan Soto"] });
  await data.createInvitation({ primaryGuest: "Pedro Pendiente" });
  await data.createInvitation({ primaryGuest: "Olga Ortiz", confirmedGuests: [] });
  // Pedro's invitation is pending: nobody of it can be seated, and the table's page names only those confirmed.
  const [jazmin, orquidea] = await seatTables(dayBefore, [
    { name: "Jazmín", people: ["María José Pérez", "Juan Soto"] },
    { name: "Orquídea", people: ["Olga Ortiz"] },
  ]);
  const { ctx, page } = await context(browser, dayBefore, testInfo);
  try {
    const response = await page.goto(`/mesa/${jazmin}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Jazmín" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    // Not confirmed: not at the party, whatever seat the plan gave.
    await expect(page.getByRole("region", { name: "En esta mesa" }).getByRole("listitem")).toHaveText(["María", "Juan"]);
    await expect(lines(page, "Programa del día")).toHaveText(["17:00Ceremonia", "19:00Cena", "21:00Baile"]);
    await expect(page.getByRole("region", { name: "Sube tus fotos" })).toBeVisible();

    await setLanguage(page, dayBefore, "en");
    await page.goto(`/mesa/${orquidea}`);
    await expect(page.getByRole("heading", { level: 1, name: "Orquídea" })).toBeVisible();
    await expect(page.getByRole("region", { name: "At this table" }).getByRole("listitem")).toHaveText(["Olga"]);
    await expect(lines(page, "Programme of the day")).toHaveText(["17:00Ceremony", "19:00Cena", "21:00Dancing"]);
    await expect(page.getByRole("region", { name: "Share your photos" })).toBeVisible();

    await setLanguage(page, dayBefore, "es");
    for (const wrong of [token(), "no-such-table", `${jazmin}x`]) {
      const missing = await page.goto(`/mesa/${wrong}`);
      expect(missing?.status(), wrong).toBe(404);
      await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    }
  } finally {
    await ctx.close();
    data.close();
  }
});

test("a photo sent from a table's page lands in the couple's chosen section, tagged with the table; the slideshow of that table shows it, another's does not", async ({
  browser,
}, testInfo) => {
  const data = new TestData(dayBefore);
  const section = await data.createSection({ name: "Fotos de las mesas" });
  const [rosa, lirio] = await seatTables(dayBefore, [
    { name: "Rosa", people: [] },
    { name: "Lirio", people: [] },
  ]);
  const { ctx, page } = await context(browser, dayBefore, testInfo);
  try {
    await chooseTablesSection(page, section);

    await page.goto(`/mesa/${rosa}`);
    const upload = page.getByRole("region", { name: "Sube tus fotos" });
    await expect(upload).toContainText("«Fotos de las mesas»");
    // Opened from the card's QR code on a phone: the form fits, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await upload.getByLabel("Tu nombre").fill("Tía Rosa");
    await upload.getByLabel("Elegir una foto").setInputFiles({ name: "brindis.jpg", mimeType: "image/jpeg", buffer: await jpeg(640, 480) });
    await upload.getByRole("button", { name: "Confirmar subida" }).click();
    if (jsDisabled(testInfo)) await expect(page.getByText("Se subió 1 foto de 1.").filter({ visible: true }).first()).toBeVisible();
    // With JavaScript the photo goes through the phone's upload queue: its line says it was sent.
    else
      await expect(upload.getByRole("list", { name: "Fotos y vídeos por enviar" }).getByRole("listitem").filter({ hasText: "brindis.jpg" })).toContainText(
        "Enviada",
      );
    await expect(page).toHaveURL(new RegExp(`/mesa/${rosa}$`));

    const stored = data.readDatabase<{ section_id: number; table_name: string; uploader_name: string }>(
      "SELECT media.section_id, seating_tables.name AS table_name, media.uploader_name FROM media JOIN seating_tables ON seating_tables.id = media.table_id WHERE seating_tables.token = ?",
      rosa,
    );
    expect(stored).toEqual([{ section_id: section.id, table_name: "Rosa", uploader_name: "Tía Rosa" }]);

    const feed = async (table: string) => (await (await page.request.get(`/slideshow.json?table=${table}`)).json()) as { photos: { uploader_name: string }[] };
    expect((await feed(rosa)).photos.map((p) => p.uploader_name)).toEqual(["Tía Rosa"]);
    expect((await feed(lirio)).photos).toEqual([]);
    expect((await page.request.get(`/slideshow.json?table=${token()}`)).status()).toBe(404);
    await page.goto(`/slideshow?table=${rosa}`);
    await expect(page.getByRole("img", { name: "Foto de Tía Rosa" })).toBeVisible();
    const other = await (await page.request.get(`/slideshow?table=${lirio}&at=0`)).text();
    expect(other).not.toContain("Tía Rosa");

    // Nothing chosen: an upload without a photo is refused with its message, nothing stored.
    await page.goto(`/mesa/${lirio}`);
    const refused = await page.request.post(`/mesa/${lirio}`, { multipart: { uploaderName: "Nadie" }, headers: { Origin: dayBefore.baseURL } });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Elige al menos una foto.");
  } finally {
    await ctx.close();
    await data.cleanup();
  }
});

/** 'Sección para las fotos de las mesas' set to this section, as the couple does in 'Mesas'. */
async function chooseTablesSection(page: Page, section: { id: number; name: string }) {
  await signIn(page);
  await page.goto("/admin/tables/print");
  await page.getByLabel("Sección para las fotos de las mesas").selectOption({ label: section.name });
  await page.getByRole("button", { name: "Guardar sección" }).click();
  await expect(page.getByText("Sección guardada.").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByLabel("Sección para las fotos de las mesas")).toHaveValue(String(section.id));
}

const slideshowNames = async (page: Page, table: string) =>
  ((await (await page.request.get(`/slideshow.json?table=${table}`)).json()) as { photos: { uploader_name: string }[] }).photos.map((p) => p.uploader_name);

test("with JavaScript, a photo chosen on a table's page without signal waits ('Esperando conexión (1)') and arrives once, tagged with the table, when the signal returns @js-only", async ({
  browser,
}, testInfo) => {
  const data = new TestData(dayBefore);
  const section = await data.createSection({ name: "Fotos de las mesas (cola)" });
  const [jacinto, lirio] = await seatTables(dayBefore, [
    { name: "Jacinto", people: [] },
    { name: "Lirio", people: [] },
  ]);
  const { ctx, page } = await context(browser, dayBefore, testInfo);
  try {
    await chooseTablesSection(page, section);
    await page.goto(`/mesa/${jacinto}`);
    const upload = page.getByRole("region", { name: "Sube tus fotos" });
    await expect(upload).toContainText("«Fotos de las mesas (cola)»");
    await upload.getByLabel("Tu nombre").fill("Primo Leo");
    // The page's scripts all loaded (it was opened with signal), then the signal goes.
    await page.waitForLoadState("networkidle");
    await ctx.setOffline(true);
    await upload.getByLabel("Elegir una foto").setInputFiles({ name: "mesa-jacinto.jpg", mimeType: "image/jpeg", buffer: await jpeg(640, 480) });
    await upload.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(upload.getByRole("status").filter({ hasText: "Esperando conexión (1)" })).toBeVisible();
    const line = upload.getByRole("list", { name: "Fotos y vídeos por enviar" }).getByRole("listitem").filter({ hasText: "mesa-jacinto.jpg" });
    await expect(line).toContainText("Esperando conexión");
    expect(await slideshowNames(page, jacinto)).toEqual([]);

    await ctx.setOffline(false);
    await expect(line).toContainText("Enviada");
    await expect(upload.getByText(/Esperando conexión/)).toHaveCount(0);
    expect(await slideshowNames(page, jacinto)).toEqual(["Primo Leo"]);
    expect(await slideshowNames(page, lirio)).toEqual([]);
    const stored = data.readDatabase<{ section_id: number }>(
      "SELECT media.section_id FROM media JOIN seating_tables ON seating_tables.id = media.table_id WHERE seating_tables.token = ?",
      jacinto,
    );
    expect(stored).toEqual([{ section_id: section.id }]);
    // Opened again: the queue is empty, nothing is sent twice.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Jacinto" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Fotos y vídeos por enviar" })).toHaveCount(0);
    expect(await slideshowNames(page, jacinto)).toEqual(["Primo Leo"]);

    // The queue's address checks the token: a table that does not exist is a 404 in the guest's language, nothing stored.
    const wrong = await page.request.post(`/api/tables/${token()}/media`, {
      multipart: { uploaderName: "Nadie", file: { name: "x.jpg", mimeType: "image/jpeg", buffer: await jpeg(64, 64) } },
      headers: { Origin: dayBefore.baseURL, "Idempotency-Key": crypto.randomUUID() },
    });
    expect(wrong.status()).toBe(404);
    expect(await wrong.json()).toEqual({ error: "Mesa no encontrada" });
  } finally {
    await ctx.close();
    await data.cleanup();
  }
});

for (const lng of ["es", "en"] as const) {
  const text = {
    es: {
      region: "Sube tus fotos",
      pick: "Elegir una foto",
      send: "Confirmar subida",
      busy: "Subiendo...",
      waiting: "Esperando conexión",
      list: "Fotos y vídeos por enviar",
    },
    en: {
      region: "Share your photos",
      pick: "Choose a photo",
      send: "Confirm upload",
      busy: "Uploading...",
      waiting: "Waiting for connection",
      list: "Photos and videos to send",
    },
  }[lng];
  test(`offline on a table's page, a photo kept in the queue leaves the form ready: a second is queued at once (${lng}) @js-only`, async ({
    browser,
  }, testInfo) => {
    const data = new TestData(dayBefore);
    const section = await data.createSection({ name: `Fotos de las mesas (otra ${lng})` });
    const [tulipan] = await seatTables(dayBefore, [{ name: `Tulipán ${lng}`, people: [] }]);
    const { ctx, page } = await context(browser, dayBefore, testInfo, "es");
    try {
      await chooseTablesSection(page, section);
      await setLanguage(page, dayBefore, lng);
      await page.goto(`/mesa/${tulipan}`);
      const upload = page.getByRole("region", { name: text.region });
      await page.waitForLoadState("networkidle");
      await ctx.setOffline(true);
      for (const [i, name] of ["uno.jpg", "dos.jpg"].entries()) {
        await upload.getByLabel(text.pick).setInputFiles({ name, mimeType: "image/jpeg", buffer: await jpeg(640, 480) });
        await upload.getByRole("button", { name: text.send }).click();
        await expect(upload.getByRole("status").filter({ hasText: `${text.waiting} (${i + 1})` })).toBeVisible();
        // Kept in the queue, nothing being sent: the form is ready again with its own label.
        await expect(upload.getByRole("button", { name: text.send })).toBeEnabled();
        await expect(upload.getByRole("button", { name: text.busy })).toHaveCount(0);
      }
      await expect(upload.getByRole("list", { name: text.list }).getByRole("listitem")).toHaveCount(2);
      await ctx.setOffline(false);
      await expect(upload.getByText(new RegExp(text.waiting))).toHaveCount(0, { timeout: 30_000 });
    } finally {
      await ctx.close();
      await data.cleanup();
    }
  });
}

test("a photo queued offline on a table's page, the page closed: the gallery opened online sends it once, still tagged with the table @js-only", async ({
  browser,
}, testInfo) => {
  const data = new TestData(dayBefore);
  const section = await data.createSection({ name: "Fotos de las mesas (galería)" });
  const [magnolia] = await seatTables(dayBefore, [{ name: "Magnolia", people: [] }]);
  const { ctx, page } = await context(browser, dayBefore, testInfo);
  try {
    await chooseTablesSection(page, section);
    await page.goto(`/mesa/${magnolia}`);
    const upload = page.getByRole("region", { name: "Sube tus fotos" });
    await upload.getByLabel("Tu nombre").fill("Tía Magda");
    await page.waitForLoadState("networkidle");
    await ctx.setOffline(true);
    await upload.getByLabel("Elegir una foto").setInputFiles({ name: "magnolia.jpg", mimeType: "image/jpeg", buffer: await jpeg(640, 480) });
    await upload.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(upload.getByRole("status").filter({ hasText: "Esperando conexión (1)" })).toBeVisible();
    await page.close();

    await ctx.setOffline(false);
    const gallery = await ctx.newPage();
    expect(await slideshowNames(gallery, magnolia)).toEqual([]);
    await gallery.goto("/gallery");
    const queue = gallery.getByRole("list", { name: "Fotos y vídeos por enviar" });
    await expect(queue.getByRole("listitem").filter({ hasText: "magnolia.jpg" })).toContainText("Enviada");
    expect(await slideshowNames(gallery, magnolia)).toEqual(["Tía Magda"]);
    // The table's page opened next: nothing waits, nothing is sent twice.
    await gallery.goto(`/mesa/${magnolia}`);
    await expect(gallery.getByRole("heading", { level: 1, name: "Magnolia" })).toBeVisible();
    await expect(gallery.getByRole("list", { name: "Fotos y vídeos por enviar" })).toHaveCount(0);
    expect(await slideshowNames(gallery, magnolia)).toEqual(["Tía Magda"]);
  } finally {
    await ctx.close();
    await data.cleanup();
  }
});

// Each paper its own table and people (names as typed, in the order they confirmed) and the order the entrance's list must show.
const printCases = [
  { paper: "A4", table: "Clavel", people: ["Ana Ávila", "Beto Alvarez", "Carla Zúñiga"], bySurname: ["Beto Alvarez", "Ana Ávila", "Carla Zúñiga"] },
  {
    paper: "letter",
    table: "Girasol",
    people: ["Fabio Zapata", "Elena Echeverría", "Dora Ébano"],
    bySurname: ["Dora Ébano", "Elena Echeverría", "Fabio Zapata"],
  },
] as const;

for (const { paper, table, people, bySurname } of printCases) {
  test(`the printables on ${paper}: every card inside its cut marks and on the page; the table card's QR code opens the table's page`, async ({
    browser,
  }, testInfo) => {
    const data = new TestData(dayBefore);
    await data.createInvitation({ primaryGuest: people[0], maxGuests: 3, confirmedGuests: [people[1], people[2]] });
    const [mesa] = await seatTables(dayBefore, [{ name: table, people: [...people] }]);
    const { ctx, page } = await context(browser, dayBefore, testInfo);
    const size = paper === "A4" ? { width: 794, height: 1123 } : { width: 816, height: 1056 };
    try {
      await signIn(page);
      await page.setViewportSize(size);
      await page.goto(`/admin/tables/print?print=table-cards&paper=${paper}`);
      const qr = page.getByRole("img", { name: `Código QR de la mesa ${table}` });
      await expect(qr).toBeVisible();
      expect(await decodeQr(await qr.screenshot())).toBe(`${dayBefore.baseURL}/mesa/${mesa}`);
      await expect(page.getByRole("article", { name: table })).toContainText("Escanea para ver tu mesa y compartir tus fotos");

      await page.emulateMedia({ media: "print" });
      for (const print of ["table-cards", "place-cards"]) {
        await page.goto(`/admin/tables/print?print=${print}&paper=${paper}`);
        const cells = page.locator(".tc-cell");
        expect(await cells.count(), print).toBeGreaterThan(0);
        for (const sheet of await page.locator(".tc-sheet").all()) {
          const box = (await sheet.boundingBox())!;
          expect(Math.abs(box.width - size.width), `${print}: the sheet is the paper's width`).toBeLessThanOrEqual(2);
          expect(Math.abs(box.height - size.height), `${print}: the sheet is the paper's height`).toBeLessThanOrEqual(2);
        }
        for (const cell of await cells.all()) {
          // Every box of a cell read at one moment (the page may still scroll as it settles).
          const { card, tl, br, sheet } = await cell.evaluate((el) => {
            const box = (node: Element | null) => {
              const { x, y, width, height } = node!.getBoundingClientRect();
              return { x, y, width, height };
            };
            return {
              card: box(el.querySelector(".tc-card")),
              tl: box(el.querySelector(".cut-tl")),
              br: box(el.querySelector(".cut-br")),
              sheet: box(el.parentElement),
            };
          });
          // The marks' inner corners are where the cut goes: the card is inside, with room to spare.
          expect(card.x).toBeGreaterThan(tl.x + tl.width);
          expect(card.y).toBeGreaterThan(tl.y + tl.height);
          expect(card.x + card.width).toBeLessThan(br.x);
          expect(card.y + card.height).toBeLessThan(br.y);
          // And the marks stay on the paper.
          expect(tl.x).toBeGreaterThanOrEqual(sheet.x);
          expect(tl.y).toBeGreaterThanOrEqual(sheet.y);
          expect(br.x + br.width).toBeLessThanOrEqual(sheet.x + sheet.width + 0.5);
          expect(br.y + br.height).toBeLessThanOrEqual(sheet.y + sheet.height + 0.5);
        }
      }
      await expect(page.getByRole("article", { name: people[2] })).toContainText(`Mesa: ${table}`);
      await expect(page.getByRole("heading", { level: 1, name: "Tarjetas de las mesas" })).toBeHidden();

      await page.goto(`/admin/tables/print?print=entrance&paper=${paper}`);
      const names = await page.locator(".entrance-list li .entrance-name").allTextContents();
      // By surname (the last word), accents and case ignored.
      expect(names.filter((n) => (people as readonly string[]).includes(n))).toEqual(bySurname);
      await expect(page.locator(".entrance-list li", { hasText: people[0] })).toContainText(table);
    } finally {
      await ctx.close();
      await data.cleanup();
    }
  });
}

test("a table's page in light and dark, the programme's screen and the printables have no serious accessibility violations", async ({ browser }, testInfo) => {
  const data = new TestData(dayBefore);
  await data.createInvitation({ primaryGuest: "Inés Accesible", confirmedGuests: [] });
  const [mesa] = await seatTables(dayBefore, [{ name: "Azucena", people: ["Inés Accesible"] }]);
  const page = await a11yPage(browser, { baseURL: dayBefore.baseURL, locale: "es-ES" }, jsDisabled(testInfo));
  try {
    for (const theme of ["light", "dark"] as const) {
      const value = Buffer.from(JSON.stringify(theme)).toString("base64");
      await page.context().addCookies([{ name: "theme", value, url: dayBefore.baseURL }]);
      await page.goto(`/mesa/${mesa}`);
      await expect(page.getByRole("heading", { level: 1, name: "Azucena" })).toBeVisible();
      await expect(page.locator("html")).toHaveClass(new RegExp(theme));
      await expectNoSeriousA11yViolations(page, `table page (${theme})`);
    }
    await signIn(page);
    for (const path of ["/admin/content/programme", "/admin/tables/print", "/admin/tables/print?print=place-cards", "/admin/tables/print?print=entrance"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    }
  } finally {
    await page.context().close();
    await data.cleanup();
  }
});
