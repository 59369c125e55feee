import http from "node:http";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { openContentSection, saveContent, signIn } from "./content-editor";
import { expect, jsDisabled, startServer, test } from "./fixtures";

/**
 * 'Contenido' (decision 0027): the couple edits names, story and information from the admin panel and
 * the site shows them at once, in both languages, on every worker. Its own server (two workers,
 * the page cache on, like production), one per project, so the shared server's other specs keep
 * seeing the demo content.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer({ WEB_CONCURRENCY: "2", PAGE_CACHE_TTL_MS: "1000" });
});
test.afterAll(async () => {
  await server?.stop();
});

const login = (page: Page) => signIn(page, server.baseURL);

/** The visitor's language, saved as the site's switch saves it. */
async function chooseLanguage(page: Page, lng: "es" | "en") {
  const value = Buffer.from(JSON.stringify(lng)).toString("base64");
  await page.context().addCookies([{ name: "lng", value, url: server.baseURL }]);
}

/** A page over a connection of its own, so the cluster hands each to the next worker. */
function fetchFresh(path: string) {
  return new Promise<string>((resolve, reject) => {
    const req = http.request(new URL(path, server.baseURL), { agent: false, headers: { "X-Forwarded-For": "192.0.2.77" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
    req.end();
  });
}

test("the couple's names, a story moment and an information card, edited in the panel, show on the site in both languages", async ({ page }, testInfo) => {
  // Three sub-sections edited and the site checked in two languages: a long walk.
  test.slow();
  await login(page);
  // The demo couple: the panel says so until the couple makes the site theirs.
  const banner = page.getByText("Tu sitio muestra contenido de ejemplo. Personalízalo en Contenido.");
  await expect(banner).toBeVisible();

  await openContentSection(page, "Pareja y fechas");
  // axe runs as the page's script: in the JavaScript project (the markup is the same without it).
  if (!jsDisabled(testInfo)) await expectNoSeriousA11yViolations(page, "content: couple and dates");
  // The dates this deployment sets in its environment are shown, not editable.
  await expect(page.getByLabel("Fecha y hora de la boda")).toHaveAttribute("readonly", "");
  await expect(page.getByText("Lo fija la variable de entorno WEDDING_DATE del servidor: cámbiala allí.")).toBeVisible();
  await page.getByLabel("Nombres de la pareja").fill("Lucía & Mateo");
  await page.getByLabel("Ciudad (ES)").fill("Antigua, Guatemala");
  await page.getByLabel("Ciudad (EN)").fill("");
  await saveContent(page);
  await expect(page.getByLabel("Nombres de la pareja")).toHaveValue("Lucía & Mateo");

  await openContentSection(page, "Historia");
  const moment = page.getByRole("group", { name: /^Momento 1/ });
  await moment.getByLabel("Título (ES)", { exact: true }).fill("Nos conocimos en Lima");
  await moment.getByLabel("Título (EN)", { exact: true }).fill("");
  await moment.getByLabel("Descripción (ES)").fill("Primera línea <em>sin HTML</em>\nSegunda línea");
  await saveContent(page);

  await openContentSection(page, "Información");
  const card = page.getByRole("group", { name: /^Tarjeta 1/ });
  await card.getByLabel("Título (ES)", { exact: true }).fill("Vestimenta elegante");
  await card.getByLabel("Título (EN)", { exact: true }).fill("Elegant attire");
  await saveContent(page);
  await expect(banner).toHaveCount(0);

  await page.goto(`${server.baseURL}/`);
  await expect(page).toHaveTitle(/^Lucía & Mateo · /);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Nuestra boda en Antigua, Guatemala: /);
  await expect(page.getByRole("heading", { level: 1, name: "Lucía & Mateo" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Lucía & Mateo" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByText("Lucía & Mateo", { exact: true })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Antigua, Guatemala");
  await expect(page.getByRole("heading", { level: 3, name: "Nos conocimos en Lima" })).toBeVisible();
  // Shown as text, line break kept.
  const description = page.getByText("Primera línea <em>sin HTML</em>");
  await expect(description).toBeVisible();
  expect(await description.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("pre-line");
  await expect(page.getByRole("heading", { level: 3, name: "Vestimenta elegante" })).toBeVisible();
  // The gallery's wish form and the reception's screen name the couple too.
  await page.goto(`${server.baseURL}/gallery`);
  await expect(page.getByText("Unas palabras para Lucía & Mateo:")).toBeVisible();
  await page.goto(`${server.baseURL}/slideshow`);
  await expect(page).toHaveTitle("Presentación · Lucía & Mateo");
  // The print and import pages too: a saved PDF carries the couple's names, not the demo's.
  await page.goto(`${server.baseURL}/admin/print`);
  await expect(page).toHaveTitle("Tarjetas de invitación · Lucía & Mateo");
  await page.goto(`${server.baseURL}/admin/import`);
  await expect(page).toHaveTitle("Importar invitaciones · Lucía & Mateo");

  const calendar = await page.request.get(`${server.baseURL}/wedding.ics`);
  expect(await calendar.text()).toContain("SUMMARY:Boda de Lucía & Mateo");

  await chooseLanguage(page, "en");
  await page.goto(`${server.baseURL}/admin/print`);
  await expect(page).toHaveTitle("Invitation cards · Lucía & Mateo");
  await page.goto(`${server.baseURL}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Lucía & Mateo" })).toBeVisible();
  // English left empty shows the Spanish text; English given shows.
  await expect(page.getByRole("heading", { level: 3, name: "Nos conocimos en Lima" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Elegant attire" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Antigua, Guatemala");
  const english = await page.request.get(`${server.baseURL}/wedding.ics`);
  expect(await english.text()).toContain("SUMMARY:Lucía & Mateo's wedding");
  if (!jsDisabled(testInfo)) {
    // A client navigation brings the new texts too.
    await page
      .getByRole("link", { name: /gallery/i })
      .first()
      .click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Lucía & Mateo" })).toBeVisible();
  }
});

test("a change made through one worker is seen by every worker at once", async ({ page }) => {
  await login(page);
  await openContentSection(page, "Pareja y fechas");
  const names = await page.getByLabel("Nombres de la pareja").inputValue();
  await page.getByLabel("Nombres de la pareja").fill("Prueba & Trabajadores");
  // Every worker has just checked the content (so none is due for its periodic check), then the save.
  await Promise.all(Array.from({ length: 6 }, () => fetchFresh("/")));
  await saveContent(page);
  // Right after the save, several fresh connections (spread over the two workers, the page cache
  // on) all show it: none waits for its periodic check.
  const pages = await Promise.all(Array.from({ length: 6 }, () => fetchFresh("/")));
  for (const html of pages) expect(html).toContain("<title>Prueba &amp; Trabajadores · ");
  await page.getByLabel("Nombres de la pareja").fill(names);
  await saveContent(page);
});

test("refused input gets a message and changes nothing", async ({ page }, testInfo) => {
  test.slow();
  await login(page);
  await openContentSection(page, "Pareja y fechas");
  await page.getByLabel("Nombres de la pareja").fill("Otra Pareja");
  await page.getByLabel("Latitud del mapa").fill("95");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("La latitud va de -90 a 90 y la longitud de -180 a 180.")).toBeVisible();
  await expect(page.getByText("Error al guardar el contenido").filter({ visible: true }).first()).toBeVisible();
  // What was typed stays in the form.
  await expect(page.getByLabel("Nombres de la pareja")).toHaveValue("Otra Pareja");

  await openContentSection(page, "Alojamiento");
  await page.getByLabel("Correo del contacto").fill("reservas@");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Escribe un correo electrónico válido.")).toBeVisible();
  if (!jsDisabled(testInfo)) await expectNoSeriousA11yViolations(page, "content: a refused form");

  const home = await fetchFresh("/");
  expect(home).toContain("<title>Lucía &amp; Mateo · ");
  expect(home).toContain("reservas@example.com");
});

test("'Frases': a quote added, one removed and the order changed, in one save", async ({ page }) => {
  await login(page);
  await openContentSection(page, "Frases");
  await page.getByRole("group", { name: "Frase 1" }).getByLabel("Posición 1 en la lista").fill("9");
  await page.getByRole("group", { name: "Frase 2" }).getByRole("checkbox", { name: "Quitar frase 2" }).check();
  const added = page.getByRole("group", { name: "Nueva frase (opcional)" });
  await added.getByLabel("Texto (ES)").fill("Contigo, siempre.");
  await added.getByLabel("Autor (ES)").fill("Lucía");
  await added.getByLabel(/^Posición/).fill("1");
  await saveContent(page);
  await expect(page.getByRole("group", { name: "Frase 1" }).getByLabel("Texto (ES)")).toHaveValue("Contigo, siempre.");

  await page.goto(`${server.baseURL}/`);
  // The cards a guest reads (the carousel's moving copy is hidden from assistive technology).
  const quotes = page.getByRole("region", { name: "Citas" }).getByRole("figure");
  await expect(quotes.first()).toContainText("Contigo, siempre.");
  await expect(quotes.last()).toContainText("El amor es paciente, es bondadoso.");
  await expect(page.getByText("No hay medicina que cure lo que no cura la felicidad.")).toHaveCount(0);
  await expect(page.getByText("— Lucía").first()).toBeVisible();
});

test("'Historial' lists the saves, and 'Restaurar' brings an older one back as a new save", async ({ page }) => {
  await login(page);
  await openContentSection(page, "Pareja y fechas");
  await page.getByLabel("Nombres de la pareja").fill("Sofía & Tomás");
  await saveContent(page);
  await expect.poll(() => fetchFresh("/")).toContain("<title>Sofía &amp; Tomás · ");

  await openContentSection(page, "Historial");
  const rows = page.getByRole("row").filter({ hasText: "Pareja y fechas" });
  await expect(rows.nth(1)).toBeVisible();
  const before = await page.getByRole("row").count();
  // The older save of 'Pareja y fechas': the names "Lucía & Mateo".
  await rows
    .last()
    .getByRole("button", { name: /^Restaurar Pareja y fechas/ })
    .click();
  await expect(page.getByText("Versión restaurada").filter({ visible: true })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(before + 1);
  const home = await fetchFresh("/");
  expect(home).toContain("<title>Lucía &amp; Mateo · ");
});

test("'Exportar contenido' downloads the texts; 'Importar contenido' shows what changes, then applies it", async ({ page }) => {
  await login(page);
  await openContentSection(page, "Historial");
  const download = await page.request.get(`${server.baseURL}/admin/content/export.json`);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="contenido-\d{4}-\d\d-\d\d\.json"$/);
  const file = (await download.json()) as { content: { couple: { names: string }; story: { moments: { title: { es: string } }[] } } };
  // The names the site shows now (this project's earlier saves, or the demo's).
  const shown = (await fetchFresh("/")).match(/<title>([^·<]*) · /)?.[1].replace("&amp;", "&");
  expect(file.content.couple.names).toBe(shown);
  // A stranger gets nothing.
  expect((await fetch(`${server.baseURL}/admin/content/export.json`)).status).toBe(401);

  file.content.couple.names = "Elena & Marco";
  file.content.story.moments[4].title.es = "El sí";
  await page
    .getByLabel("Archivo de contenido (JSON)")
    .setInputFiles({ name: "contenido.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await page.getByRole("button", { name: "Ver cambios" }).click();
  const preview = page.getByRole("region", { name: "Esto cambiaría" });
  await expect(preview.getByRole("listitem")).toHaveText(["Pareja y fechas: names", "Historia: moments[4].title.es"]);
  // Nothing is applied before 'Aplicar todo'.
  expect(await fetchFresh("/")).toContain(`<title>${shown?.replace("&", "&amp;")} · `);
  await preview.getByRole("button", { name: "Aplicar todo" }).click();
  await expect(page.getByText("Contenido importado").filter({ visible: true })).toBeVisible();
  const home = await fetchFresh("/");
  expect(home).toContain("<title>Elena &amp; Marco · ");
  expect(home).toContain("El sí");

  // A file with one refused value changes nothing at all.
  file.content.couple.names = "Nadie";
  (file.content as unknown as { accommodation: { contactEmail: string } }).accommodation.contactEmail = "no es un correo";
  await page
    .getByLabel("Archivo de contenido (JSON)")
    .setInputFiles({ name: "malo.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await page.getByRole("button", { name: "Ver cambios" }).click();
  await expect(page.getByText("El archivo no es una exportación de contenido válida.")).toBeVisible();
  expect(await fetchFresh("/")).toContain("<title>Elena &amp; Marco · ");
});

test("Alojamiento's introduction and the contact's role and text are the couple's: edited in both languages, not shown when emptied", async ({ page }) => {
  await login(page);
  await chooseLanguage(page, "es");
  await page.goto(`${server.baseURL}/`);
  const section = page.getByRole("region", { name: "Alojamiento" });
  await expect(section).toContainText("El resort ofrece apartamentos para nuestros invitados con tarifa especial.");
  await expect(section).toContainText("Reservas del resort");

  await page.goto(`${server.baseURL}/admin/content/accommodation`);
  await page.getByLabel("Introducción (ES)").fill("El hotel Casa Santo Domingo guarda habitaciones para ustedes.");
  await page.getByLabel("Introducción (EN)").fill("The Casa Santo Domingo hotel keeps rooms for you.");
  await page.getByLabel("Cargo del contacto (ES)").fill("Recepción del hotel");
  await page.getByLabel("Cargo del contacto (EN)").fill("");
  await page.getByLabel("Cómo reservar (ES)").fill("");
  await page.getByLabel("Cómo reservar (EN)").fill("");
  await saveContent(page);

  await page.goto(`${server.baseURL}/`);
  await expect(section).toContainText("El hotel Casa Santo Domingo guarda habitaciones para ustedes.");
  await expect(section).toContainText("Recepción del hotel");
  await expect(section).not.toContainText("resort");
  await chooseLanguage(page, "en");
  await page.goto(`${server.baseURL}/`);
  const english = page.getByRole("region", { name: "Accommodation" });
  await expect(english).toContainText("The Casa Santo Domingo hotel keeps rooms for you.");
  await expect(english).toContainText("Recepción del hotel"); // English left empty shows Spanish
  await expect(english).not.toContainText("resort");
  await expect(english).not.toContainText("Book by contacting");
  await chooseLanguage(page, "es");
});
