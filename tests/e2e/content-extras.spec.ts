import type { Browser, Page, TestInfo } from "@playwright/test";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { expect, jsDisabled, startServer, TestData, test } from "./fixtures";

/**
 * Contenido's 'Regalos' and 'Preguntas frecuentes' (decision 0029), JavaScript on and off, Spanish and
 * English. Each project's run has its own server and database: what one saves is the whole site's
 * content, so another test's home page must not see it. Every test leaves the defaults back.
 */
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  server = await startServer({});
});
test.afterAll(async () => {
  await server?.stop();
});

async function open(browser: Browser, testInfo: TestInfo, lng: "es" | "en" = "es") {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: lng === "en" ? "en-US" : "es-ES",
    javaScriptEnabled: !jsDisabled(testInfo),
    permissions: jsDisabled(testInfo) ? [] : ["clipboard-read", "clipboard-write"],
  });
  const value = Buffer.from(JSON.stringify(lng)).toString("base64");
  await context.addCookies([{ name: "lng", value, url: server.baseURL }]);
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByLabel(lng === "en" ? "Password" : "Contraseña", { exact: true }).fill("e2e-admin-password");
  await page.getByRole("button", { name: lng === "en" ? "Sign in" : "Acceder" }).click();
  await expect(page.getByRole("navigation", { name: lng === "en" ? "Panel sections" : "Secciones del panel" })).toBeVisible();
  return { context, page };
}

const saved = (page: Page, text = "Contenido guardado") => expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
/** How many saved versions a content section has: only the database keeps the history's length. */
const versions = (section: string) => {
  const data = new TestData(server);
  try {
    return data.readDatabase<{ id: number }>("SELECT id FROM content_versions WHERE section = ?", section).length;
  } finally {
    data.close();
  }
};

/** 'Importar contenido' as the signed-in admin applies it: these sections of an export file. */
async function importContent(page: Page, content: Record<string, unknown>) {
  const { format } = await (await page.request.get("/admin/content/export.json")).json();
  const text = JSON.stringify({ format, version: 1, content });
  const response = await page.request.post("/admin/content?index", { multipart: { intent: "applyImport", text }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBeLessThan(400);
}

test("a bank transfer saved in 'Regalos' shows on the home page with its copy button, in Spanish and English; emptied, nothing shows", async ({
  browser,
}, testInfo) => {
  const noJs = jsDisabled(testInfo);
  const { context, page } = await open(browser, testInfo);
  try {
    await page.goto("/");
    await expect(page.getByRole("article", { name: "Regalos" })).toContainText(
      "Si deseas hacernos un regalo, contaremos con una caja para sobres en la recepción.",
    );
    await expect(page.getByRole("region", { name: "Regalos" })).toHaveCount(0);

    await page.goto("/admin/content/gifts");
    await page.getByLabel("Banco", { exact: true }).fill("Banco General");
    await page.getByLabel("Titular", { exact: true }).fill("Valeria Núñez");
    await page.getByLabel("Tipo de cuenta (ES)").fill("Ahorros");
    await page.getByLabel("Número de cuenta", { exact: true }).fill("04-01-99-123456-7");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await saved(page);

    await page.goto("/");
    const block = page.getByRole("region", { name: "Regalos" });
    await expect(block).toContainText("Transferencia bancaria");
    await expect(block).toContainText("Banco General");
    await expect(block).toContainText("Valeria Núñez");
    await expect(block).toContainText("Ahorros");
    await expect(block.getByText("04-01-99-123456-7", { exact: true })).toBeVisible();
    await expect(block).not.toContainText("Yappy");
    // The card keeps its own text; the options show once, in the section.
    const card = page.getByRole("article", { name: "Regalos" });
    await expect(card).toContainText("Si deseas hacernos un regalo, contaremos con una caja para sobres en la recepción.");
    await expect(page.getByText("04-01-99-123456-7", { exact: true })).toHaveCount(1);
    const copy = block.getByRole("button", { name: "Copiar Número de cuenta" });
    if (noJs) {
      await expect(copy).toHaveCount(0); // no button that would do nothing: the number is selectable text
    } else {
      await copy.click();
      await expect(block.getByText("Copiado", { exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("04-01-99-123456-7");
    }

    const value = Buffer.from(JSON.stringify("en")).toString("base64");
    await context.addCookies([{ name: "lng", value, url: server.baseURL }]);
    await page.goto("/");
    const english = page.getByRole("region", { name: "Gifts" });
    await expect(english).toContainText("Bank transfer");
    await expect(english).toContainText("Account type");
    await expect(english).toContainText("Ahorros"); // English left empty shows Spanish
    if (!noJs) await expect(english.getByRole("button", { name: "Copy Account number" })).toBeVisible();
  } finally {
    await context.close();
  }
  // Back to the defaults, as the admin would.
  const again = await open(browser, testInfo);
  try {
    await again.page.goto("/admin/content/gifts");
    for (const label of ["Banco", "Titular", "Tipo de cuenta (ES)", "Número de cuenta"]) await again.page.getByLabel(label, { exact: true }).fill("");
    await again.page.getByRole("button", { name: "Guardar cambios" }).click();
    await saved(again.page);
    await again.page.goto("/");
    await expect(again.page.getByRole("region", { name: "Regalos" })).toHaveCount(0);
    await expect(again.page.getByText("04-01-99-123456-7")).toHaveCount(0);
  } finally {
    await again.context.close();
  }
});

test("with card 6 renamed 'Transporte', the gift options show once, under 'Regalos', never inside the Transporte card, in Spanish and English", async ({
  browser,
}, testInfo) => {
  const { context, page } = await open(browser, testInfo);
  try {
    await page.goto("/admin/content/info");
    const card = page.getByRole("group", { name: /^Tarjeta 6/ });
    await card.getByLabel("Título (ES)", { exact: true }).fill("Transporte");
    await card.getByLabel("Título (EN)", { exact: true }).fill("Transport");
    await card.getByLabel("Descripción (ES)").fill("Habrá un bus desde el hotel a las 3:30 p. m.");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await saved(page);
    await page.goto("/admin/content/gifts");
    await page.getByLabel("Yappy", { exact: true }).fill("+507 6123-4567");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await saved(page);

    for (const [lng, cardName, sectionName] of [
      ["es", "Transporte", "Regalos"],
      ["en", "Transport", "Gifts"],
    ] as const) {
      await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: server.baseURL }]);
      await page.goto("/");
      const transport = page.getByRole("article", { name: cardName });
      await expect(transport).toBeVisible();
      await expect(transport).not.toContainText("Yappy");
      await expect(transport).not.toContainText("+507 6123-4567");
      const section = page.getByRole("region", { name: sectionName });
      await expect(section).toContainText("Yappy");
      await expect(page.getByText("+507 6123-4567", { exact: true })).toHaveCount(1);
      await expect(section.getByText("+507 6123-4567", { exact: true })).toBeVisible();
    }
  } finally {
    await context.close();
  }
  // Back to the defaults, as the admin would.
  const again = await open(browser, testInfo);
  try {
    await again.page.goto("/admin/content/gifts");
    await again.page.getByLabel("Yappy", { exact: true }).fill("");
    await again.page.getByRole("button", { name: "Guardar cambios" }).click();
    await saved(again.page);
    await again.page.goto("/admin/content/info");
    const card = again.page.getByRole("group", { name: /^Tarjeta 6/ });
    await card.getByLabel("Título (ES)", { exact: true }).fill("Regalos");
    await card.getByLabel("Título (EN)", { exact: true }).fill("Gifts");
    await card.getByLabel("Descripción (ES)").fill("Si deseas hacernos un regalo, contaremos con una caja para sobres en la recepción.");
    await again.page.getByRole("button", { name: "Guardar cambios" }).click();
    await saved(again.page);
  } finally {
    await again.context.close();
  }
});

test("'Agregar pregunta' adds a question, the home page shows the section as a disclosure list; removed, the section goes", async ({ browser }, testInfo) => {
  const { context, page } = await open(browser, testInfo);
  try {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Preguntas frecuentes" })).toHaveCount(0);
    await page.goto("/admin/content/faq");
    await expect(page.getByText("Todavía no hay preguntas: la página de inicio no muestra la sección.")).toBeVisible();
    await page.getByRole("button", { name: "Agregar pregunta" }).click();
    await page.getByLabel("Pregunta (ES)").fill("¿Puedo llevar a mis hijos?");
    await page.getByLabel("Pregunta (EN)").fill("Can I bring my children?");
    await page.getByLabel("Respuesta (ES)").fill("Sí.\nHabrá un área de juegos.");
    // A second row left empty is dropped on save.
    await page.getByRole("button", { name: "Agregar pregunta" }).click();
    await expect(page.getByLabel("Pregunta (ES)")).toHaveCount(2);
    await expect(page.getByLabel("Pregunta (ES)").first()).toHaveValue("¿Puedo llevar a mis hijos?");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await saved(page);
    await expect(page.getByLabel("Pregunta (ES)")).toHaveCount(1);

    await page.goto("/");
    const faq = page.getByRole("region", { name: "Preguntas frecuentes" });
    const answer = faq.getByText(/Habrá un área de juegos/);
    await expect(answer).toBeHidden();
    await faq.getByText("¿Puedo llevar a mis hijos?").click(); // a native <details>: opens without JavaScript
    await expect(answer).toBeVisible();
    expect(await answer.innerText()).toBe("Sí.\nHabrá un área de juegos.");

    const value = Buffer.from(JSON.stringify("en")).toString("base64");
    await context.addCookies([{ name: "lng", value, url: server.baseURL }]);
    await page.goto("/");
    const english = page.getByRole("region", { name: "Frequently asked questions" });
    await english.getByText("Can I bring my children?").click();
    await expect(english.getByText(/Habrá un área de juegos/)).toBeVisible(); // the English answer left empty

    await page.goto("/admin/content/faq");
    await page.getByRole("button", { name: "Remove question 1" }).click();
    await expect(page.getByLabel("Question (ES)")).toHaveCount(0);
    await page.getByRole("button", { name: "Save changes" }).click();
    await saved(page, "Content saved");
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Frequently asked questions" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("refused input changes nothing: an http: registry in Spanish, a javascript: one in English", async ({ browser }, testInfo) => {
  const before = versions("gifts");
  for (const [lng, url, message, add, save, failed] of [
    [
      "es",
      "http://tienda.example/lista",
      "Escribe una dirección que empiece por https://.",
      "Agregar mesa de regalos",
      "Guardar cambios",
      "Error al guardar el contenido",
    ],
    ["en", "javascript:alert(document.cookie)", "Enter an address starting with https://.", "Add gift registry", "Save changes", "Error saving the content"],
  ] as const) {
    const { context, page } = await open(browser, testInfo, lng);
    try {
      await page.goto("/admin/content/gifts");
      await page.getByRole("button", { name: add }).click();
      await page.getByLabel(lng === "es" ? "Nombre" : "Name", { exact: true }).fill("Tienda");
      await page.getByLabel(lng === "es" ? "Dirección (https://…)" : "Address (https://…)").fill(url);
      await page.getByRole("button", { name: save }).click();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByText(failed).filter({ visible: true }).first()).toBeVisible();
      await expect(page.getByLabel(lng === "es" ? "Dirección (https://…)" : "Address (https://…)")).toHaveValue(url); // what was typed stays
      expect(versions("gifts")).toBe(before);
      await page.goto("/");
      await expect(page.getByRole("region", { name: lng === "es" ? "Regalos" : "Gifts" })).toHaveCount(0);
      await expect(page.locator('a[href^="javascript:"], a[href^="http:"]')).toHaveCount(0);
    } finally {
      await context.close();
    }
  }
});

test("without the admin's session a post to either screen, or its add-a-row button, answers 401 and changes nothing", async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  const before = versions("gifts") + versions("faq");
  try {
    for (const [path, form] of [
      ["/admin/content/gifts", { intent: "saveContent", yappy: "+507 6123-4567" }],
      ["/admin/content/gifts", { intent: "saveContent", rowEdit: "add:registries" }],
      ["/admin/content/faq", { intent: "saveContent", "questions[0].question.es": "¿?", "questions[0].answer.es": "!" }],
      ["/admin/content/faq", { intent: "saveContent", rowEdit: "add:questions" }],
    ] as const) {
      const response = await request.post(path, { form, maxRedirects: 0 });
      expect(response.status()).toBe(401);
    }
    expect(versions("gifts") + versions("faq")).toBe(before);
  } finally {
    await request.dispose();
  }
});

test("the home page with every gift option and a question, and both screens, have no serious accessibility violations", async ({ browser }, testInfo) => {
  const noJs = jsDisabled(testInfo);
  const gifts = {
    bank: { bank: "Banco General", holder: "Valeria", accountType: { es: "Ahorros", en: "Savings" }, accountNumber: "04-01-99-123456-7" },
    yappy: "+507 6123-4567",
    registries: [{ name: "Lista de bodas", url: "https://example.com/lista" }],
    note: { es: "Gracias por acompañarnos.\nCon cariño.", en: "" },
  };
  const faq = { questions: [{ question: { es: "¿Hay estacionamiento?", en: "" }, answer: { es: "Sí, gratuito.", en: "" } }] };
  const page = await a11yPage(browser, { baseURL: server.baseURL, locale: "es-ES" }, noJs);
  let before: { gifts: unknown; faq: unknown } | undefined;
  try {
    await page.goto("/admin");
    await page.getByLabel("Contraseña", { exact: true }).fill("e2e-admin-password");
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toBeVisible();
    // The admin's 'Importar contenido' with the gifts and the question; what was there comes back at the end.
    const exported = await (await page.request.get("/admin/content/export.json")).json();
    before = { gifts: exported.content.gifts, faq: exported.content.faq };
    await importContent(page, { gifts, faq });
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Preguntas frecuentes" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Regalos" })).toContainText("+507 6123-4567");
    await page.getByText("¿Hay estacionamiento?").click();
    await expectNoSeriousA11yViolations(page, "home with gifts and questions");
    for (const path of ["/admin/content/gifts", "/admin/content/faq"]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Guardar cambios" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    }
    if (before) await importContent(page, before);
  } finally {
    await page.context().close();
  }
});
