import type { Page } from "@playwright/test";
import { openContentSection, saveContent, signIn } from "./content-editor";
import { expect, jsDisabled, startServer, test } from "./fixtures";

/**
 * Any couple's site, from a phone: a first start with the demo couple (Valeria & Sebastián in
 * Cocolí, Panamá, with demo invitations and sections) rebranded on a 390 × 844 phone to another
 * couple marrying in Madrid's time zone. Afterwards no page a guest or the couple looks at shows
 * the demo couple, their place, Panamá's time or a demo invitation; the countdown, the deadline
 * and the calendar are in Madrid time; no admin screen scrolls sideways at 360 px; the music
 * never starts in the admin. A server of its own with the demo data (and without WEDDING_DATE /
 * RSVP_DEADLINE, which would win over the couple's dates), one per project.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
/** The code of the couple's own invitation, made in the first test. */
let code = "";

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeAll(async () => {
  server = await startServer({ SEED_DEMO_DATA: "1", WEDDING_DATE: "", RSVP_DEADLINE: "" });
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * Every word of the demo that belongs to the demo couple (app/content/couple.ts, wedding.ts, the
 * home texts' place and venue, the seed's invitations): none may show once the couple is another.
 */
const DEMO_WORDS = [
  "Valeria",
  "Sebastián",
  "Sebastian",
  "Cocolí",
  "Panamá",
  "Panama",
  "Country Club",
  "Ana Lucía Herrera",
  "6000-0000",
  "reservas@example.com",
  "Ana García",
  "Familia Rodríguez",
  "Carlos Méndez",
];
const NAMES = "Lucía & Martín";

/** The text a person sees on the page (the zone picker's list of every zone left out: it offers them all). */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    for (const list of document.querySelectorAll("select, datalist")) list.remove();
    return `${document.title}\n${document.body.innerText}`;
  });

async function expectNoDemo(page: Page, where: string) {
  const text = await visibleText(page);
  for (const word of DEMO_WORDS) expect(text, `"${word}" on ${where}`).not.toContain(word);
}

/** 'Quitar los datos de ejemplo': a button once the page's script runs (it opens the dialog), a link to the step without it. */
const removeButton = (page: Page, testInfo: { project: { name: string } }) =>
  page.getByRole(jsDisabled(testInfo) ? "link" : "button", { name: "Quitar los datos de ejemplo" });

test("the couple rebrands on a phone: their names, Madrid's time zone, their venue and contact; the demo data goes", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page, server.baseURL);
  await openContentSection(page, "Pareja y fechas");
  await page.getByLabel("Nombres de la pareja").fill(NAMES);
  await page.getByLabel("Fecha y hora de la boda").fill("2031-06-14T18:00");
  // 01:30 in Madrid is still the day before in Panamá: the deadline's date tells the zones apart.
  await page.getByLabel("Fecha límite para confirmar").fill("2031-05-01T01:30");
  const zone = page.getByRole("combobox", { name: "Zona horaria del lugar" }).or(page.getByRole("textbox", { name: "Zona horaria del lugar" }));
  if (jsDisabled(testInfo)) {
    await zone.selectOption("Europe/Madrid");
  } else {
    // Picked from the filtered list with the keyboard, as a phone's keyboard can: on a 390 px page
    // a pointer click races the list's placement while the page scrolls it into view.
    await zone.fill("Madrid");
    await expect(page.getByRole("option", { name: "Europe/Madrid" })).toBeVisible();
    await zone.press("ArrowDown");
    await zone.press("Enter");
  }
  await expect(zone).toHaveValue("Europe/Madrid");
  await page.getByLabel("Nombre del lugar (ES)").fill("Finca El Olivar");
  await page.getByLabel("Nombre del lugar (EN)").fill("El Olivar Estate");
  await page.getByLabel("Ciudad (ES)").fill("Toledo, España");
  await page.getByLabel("Ciudad (EN)").fill("Toledo, Spain");
  await page.getByLabel("Latitud del mapa").fill("39.8628");
  await page.getByLabel("Longitud del mapa").fill("-4.0273");
  await saveContent(page);
  await expect(zone).toHaveValue("Europe/Madrid");
  await expect(page.getByLabel("Fecha y hora de la boda")).toHaveValue("2031-06-14T18:00");

  await openContentSection(page, "Alojamiento");
  await page.getByLabel("Nombre del contacto de reservas").fill("Elena Ruiz");
  await page.getByLabel("Teléfono del contacto").fill("+34 600 000 000");
  await page.getByLabel("Correo del contacto").fill("reservas@elolivar.es");
  await saveContent(page);

  // The demo data, with the admin's own action.
  await page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Estadísticas" }).click();
  await removeButton(page, testInfo).click();
  await page
    .getByRole(jsDisabled(testInfo) ? "alertdialog" : "dialog", { name: "¿Quitar los datos de ejemplo?" })
    .getByRole("button", { name: "Sí, quitarlos" })
    .click();
  await expect(page.getByText(/Tu sitio aún tiene datos de ejemplo/)).toHaveCount(0);

  // Their first invitation, with 'Crear'.
  await page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Crear" }).click();
  await page.getByLabel("Invitado Principal").fill("Irene Soto");
  await page.getByRole("button", { name: "Crear Invitación" }).click();
  const created = page.locator("#created-invitation");
  await expect(created).toContainText("Irene Soto");
  code = (await created.locator("code").textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
});

/** The visitor's language, saved as the site's switch saves it. */
async function chooseLanguage(page: Page, lng: "es" | "en") {
  const value = Buffer.from(JSON.stringify(lng)).toString("base64");
  await page.context().addCookies([{ name: "lng", value, url: server.baseURL }]);
}

/** 18:00 on 14 June 2031 in Madrid (CEST, UTC+2); in Panamá it would be 23:00 UTC. */
const WEDDING_UTC = Date.UTC(2031, 5, 14, 16, 0);
const DEADLINE_DAY = { es: "1 de mayo de 2031", en: "May 1, 2031" };
const DEMO_SECTIONS = ["Preboda", "Ceremonia", "Recepción", "Fotos de los invitados"];

for (const lng of ["es", "en"] as const) {
  test(`a guest in ${lng} sees the new couple in Madrid's time, on every page and in the calendar`, async ({ page }) => {
    test.setTimeout(60_000);
    expect(code, "the couple's invitation from the first test").not.toBe("");
    await chooseLanguage(page, lng);

    await page.goto(`${server.baseURL}/`);
    await expect(page.getByRole("heading", { level: 1, name: NAMES })).toBeVisible();
    await expectNoDemo(page, `/ (${lng})`);
    // The date shown, the countdown and the deadline count from 18:00 in Madrid.
    await expect(page.locator(".hero time").first()).toHaveAttribute("dateTime", new Date(WEDDING_UTC).toISOString());
    await expect(page.getByText(DEADLINE_DAY[lng]).first()).toBeVisible();
    const timer = page.getByRole("timer");
    const days = Number(await timer.locator("[data-unit=days] .countdown-value").textContent());
    const hours = Number(await timer.locator("[data-unit=hours] .countdown-value").textContent());
    const hoursLeft = Math.floor((WEDDING_UTC - Date.now()) / 3_600_000);
    expect(days * 24 + hours).toBeGreaterThanOrEqual(hoursLeft);
    expect(days * 24 + hours).toBeLessThanOrEqual(hoursLeft + 1);
    await expect(page.getByRole("link", { name: /Google Calendar/, includeHidden: true })).toHaveAttribute("href", /dates=20310614T160000Z%2F/);

    await page.goto(`${server.baseURL}/confirm`);
    await page.getByLabel(lng === "es" ? "Código de Invitación" : "Invitation Code").fill(code);
    await page.getByRole("button", { name: lng === "es" ? "Verificar Código" : "Verify Code" }).click();
    await expect(page.getByText(lng === "es" ? "Hola, Irene Soto" : "Hello, Irene Soto")).toBeVisible();
    await expect(page.getByText(DEADLINE_DAY[lng]).first()).toBeVisible();
    await expectNoDemo(page, `/confirm (${lng})`);

    await page.goto(`${server.baseURL}/gallery`);
    await expect(page.getByRole("banner").getByRole("link", { name: NAMES })).toBeVisible();
    for (const name of DEMO_SECTIONS) await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
    await expectNoDemo(page, `/gallery (${lng})`);

    const ics = await page.request.get(`${server.baseURL}/wedding.ics`, { headers: { "Accept-Language": lng } });
    expect(ics.ok()).toBe(true);
    const calendar = await ics.text();
    expect(calendar).toContain("DTSTART:20310614T160000Z");
    expect(calendar).toContain(NAMES);
    expect(calendar).toContain("Toledo");
    for (const word of DEMO_WORDS) expect(calendar, `"${word}" in /wedding.ics (${lng})`).not.toContain(word);
  });
}

/** The elements reaching past 360 px, for the message of a screen that scrolls sideways. */
const widest = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > 360)
      .slice(-5)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} (${Math.round(e.getBoundingClientRect().right)} px)`)
      .join(", "),
  );

/** Every admin screen the couple reaches (Correos without e-mail: the page that says how to turn it on). */
const ADMIN_SCREENS = [
  "/admin",
  "/admin/invitations",
  "/admin/create",
  "/admin/gallery",
  "/admin/wishes",
  "/admin/reminders",
  "/admin/review",
  "/admin/emails",
  "/admin/content",
  ...["couple", "story", "info", "accommodation", "quotes", "media", "gifts", "faq"].map((s) => `/admin/content/${s}`),
];

test("the couple's admin at 360 px: no screen scrolls sideways, none names the demo, and taps start no music", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, server.baseURL);
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of ADMIN_SCREENS) {
    await page.goto(`${server.baseURL}${path}`);
    await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways: ${await widest(page)}`).toBeLessThanOrEqual(360);
    // A tap on the screen's heading, where the site's music would start on a guest's page.
    await page.getByRole("heading", { level: 1 }).first().tap();
    expect(await page.evaluate(() => [...document.querySelectorAll("audio")].some((a) => !a.paused)), `music on ${path}`).toBe(false);
    await expectNoDemo(page, path);
  }
  await page.goto(`${server.baseURL}/admin/content/couple`);
  await expect(page.getByText("Hora del lugar de la boda (Europe/Madrid).").first()).toBeVisible();
});
