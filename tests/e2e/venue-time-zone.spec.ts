import type { Page } from "@playwright/test";
import { openContentSection, saveContent, signIn } from "./content-editor";
import { expect, jsDisabled, startServer, test } from "./fixtures";

/**
 * The venue's time zone ('Pareja y fechas'): a couple marrying in Madrid picks Europe/Madrid and
 * the site keeps the wall clock they typed (16:00 stays 16:00, now Madrid's) in the page, the
 * Google Calendar link and /wedding.ics, in both languages. Its own server without WEDDING_DATE /
 * RSVP_DEADLINE (they would win over the couple's dates), one per project.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer({ WEDDING_DATE: "", RSVP_DEADLINE: "" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function openCouple(page: Page) {
  await signIn(page, server.baseURL);
  await openContentSection(page, "Pareja y fechas");
}

/** The visitor's language, saved as the site's switch saves it. */
async function chooseLanguage(page: Page, lng: "es" | "en") {
  const value = Buffer.from(JSON.stringify(lng)).toString("base64");
  await page.context().addCookies([{ name: "lng", value, url: server.baseURL }]);
}

test("the couple picks Europe/Madrid: 16:00 stays 16:00, now Madrid's, on the site and in the calendar", async ({ page }, testInfo) => {
  // Two saves and the site in two languages on a server of its own.
  test.slow();
  await openCouple(page);
  // A plain select without JavaScript, a select that filters as one types with it.
  const zone = page.getByRole("combobox", { name: "Zona horaria del lugar" }).or(page.getByRole("textbox", { name: "Zona horaria del lugar" }));
  await expect(zone).toHaveValue("America/Panama");
  await expect(page.getByText("Hora del lugar de la boda (America/Panama).").first()).toBeVisible();
  await page.getByLabel("Fecha y hora de la boda").fill("2031-01-17T16:00");
  await page.getByLabel("Fecha límite para confirmar").fill("2030-12-17T23:59");
  await saveContent(page);

  if (jsDisabled(testInfo)) {
    await zone.selectOption("Europe/Madrid");
  } else {
    // With JavaScript the list filters as the couple types; picked with the keyboard (a pointer
    // click races the list's placement while Playwright scrolls the option into view).
    await zone.fill("Madrid");
    await expect(page.getByRole("option", { name: "Europe/Madrid" })).toBeVisible();
    await zone.press("ArrowDown");
    await zone.press("Enter");
  }
  await saveContent(page);
  await expect(zone).toHaveValue("Europe/Madrid");
  // The wall clock typed is kept; the form no longer speaks of Panamá's time.
  await expect(page.getByLabel("Fecha y hora de la boda")).toHaveValue("2031-01-17T16:00");
  await expect(page.getByText("Hora del lugar de la boda (Europe/Madrid).").first()).toBeVisible();
  await expect(page.getByText(/Hora de Panamá|Hora del lugar de la boda \(America\/Panama\)/)).toHaveCount(0);

  for (const lng of ["es", "en"] as const) {
    await chooseLanguage(page, lng);
    await page.goto(`${server.baseURL}/`);
    // 16:00 in Madrid in January is 15:00 UTC; the reception ends at 1:00 there, 00:00 UTC.
    const google = page.getByRole("link", { name: /Google Calendar/, includeHidden: true });
    await expect(google).toHaveAttribute("href", /dates=20310117T150000Z%2F20310118T000000Z/);
    const ics = await page.request.get(`${server.baseURL}/wedding.ics`, { headers: { "Accept-Language": lng } });
    expect(ics.ok()).toBe(true);
    const body = await ics.text();
    expect(body).toContain("DTSTART:20310117T150000Z");
    expect(body).toContain("DTEND:20310118T000000Z");
    expect(body).toContain(lng === "es" ? "hasta la 1:00" : "until 1:00");
  }
});
