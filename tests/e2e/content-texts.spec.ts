import type { Page } from "@playwright/test";
import { openContentSection, saveContent, signIn } from "./content-editor";
import { expect, startServer, test } from "./fixtures";

/**
 * What the couple types in 'Contenido' is data: `$t(…)`, `{{…}}` and texts that name each other in
 * a loop show as typed on every page, and no content keeps the couple out of the panel. Its own
 * server, one per project, so the shared server's other specs keep the demo content.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer({ WEB_CONCURRENCY: "1" });
});
test.afterAll(async () => {
  await server?.stop();
});

const NESTED = "$t(home:story.met.title)";
const NAMES = "Ana & Luis $t(home:story.met.title)";
// Three story titles that name each other: read as i18next texts, each pulled in the next without end.
const LOOP = ["$t(home:story.firstTrip.title)", "$t(home:story.home.title)", "$t(home:story.met.title)"];

const login = (page: Page) => signIn(page, server.baseURL);

test("texts with `$t(…)`, `{{…}}` and a loop show as typed on every page; the panel, its login and 'Restaurar' keep working", async ({ page, browser }) => {
  test.slow();
  await login(page);
  await openContentSection(page, "Pareja y fechas");
  await page.getByLabel("Nombres de la pareja").fill(NAMES);
  await page.getByLabel("Ciudad (ES)").fill("{{date}}");
  await page.getByLabel("Ciudad (EN)").fill("");
  await saveContent(page);

  await openContentSection(page, "Historia");
  for (const [i, title] of LOOP.entries()) {
    const moment = page.getByRole("group", { name: new RegExp(`^Momento ${i + 1}`) });
    await moment.getByLabel("Título (ES)", { exact: true }).fill(title);
    await moment.getByLabel("Título (EN)", { exact: true }).fill("");
  }
  await page
    .getByRole("group", { name: /^Momento 1/ })
    .getByLabel("Descripción (ES)")
    .fill(`${NESTED} {{date}}`);
  await saveContent(page);
  // A second save of 'Historia', to restore the first one below.
  await page
    .getByRole("group", { name: /^Momento 4/ })
    .getByLabel("Título (ES)", { exact: true })
    .fill("Después");
  await saveContent(page);

  const home = await page.goto(`${server.baseURL}/`);
  expect(home?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(`^Ana & Luis \\$t\\(home:story\\.met\\.title\\) · `));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Nuestra boda en \{\{date\}\}: /);
  await expect(page.getByRole("heading", { level: 1, name: NAMES })).toBeVisible();
  for (const title of LOOP) await expect(page.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
  await expect(page.getByText(`${NESTED} {{date}}`, { exact: true })).toBeVisible();
  // The footer: the wedding's date, then the city as typed.
  await expect(page.getByRole("contentinfo")).toContainText(/ · \{\{date\}\}/);
  await expect(page.getByText("Cómo nos conocimos")).toHaveCount(0);

  for (const [path, status] of [
    ["/gallery", 200],
    ["/confirm", 200],
    ["/404", 404],
  ] as const) {
    const answer = await page.goto(`${server.baseURL}${path}`);
    expect(answer?.status(), path).toBe(status);
    await expect(page.getByRole("banner").getByRole("link", { name: NAMES })).toBeVisible();
  }
  await page.goto(`${server.baseURL}/gallery`);
  await expect(page.getByText(`Unas palabras para ${NAMES}:`)).toBeVisible();

  const calendar = await page.request.get(`${server.baseURL}/wedding.ics`);
  expect(calendar.status()).toBe(200);
  expect((await calendar.text()).replace(/\r\n[ \t]/g, "")).toContain(`SUMMARY:Boda de ${NAMES}`);

  // A visitor without the session gets the login.
  const stranger = await browser.newContext();
  const loginPage = await stranger.newPage();
  const loginAnswer = await loginPage.goto(`${server.baseURL}/admin`);
  expect(loginAnswer?.status()).toBe(200);
  await expect(loginPage.getByLabel("Contraseña", { exact: true })).toBeVisible();
  await expect(loginPage).toHaveTitle(`Admin · ${NAMES}`);
  await stranger.close();

  // Contenido and 'Historial › Restaurar': the first save of 'Historia' comes back.
  const contenido = await page.goto(`${server.baseURL}/admin/content`);
  expect(contenido?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: "Historial" })).toBeVisible();
  const before = await page.getByRole("row").count();
  await page
    .getByRole("row")
    .filter({ hasText: "Historia" })
    .nth(1)
    .getByRole("button", { name: /^Restaurar Historia/ })
    .click();
  await expect(page.getByText("Versión restaurada").filter({ visible: true })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(before + 1);
  await openContentSection(page, "Historia");
  await expect(page.getByRole("group", { name: /^Momento 1/ }).getByLabel("Título (ES)", { exact: true })).toHaveValue(LOOP[0]);
  await expect(page.getByRole("group", { name: /^Momento 4/ }).getByLabel("Título (ES)", { exact: true })).not.toHaveValue("Después");
});
