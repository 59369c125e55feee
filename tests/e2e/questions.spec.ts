import { enterCode, expect, login, openBrowser, startServer, test, TestData } from "./fixtures";

/**
 * The couple's own questions (decision 0058), JavaScript on and off: the couple adds a text, a
 * yes/no and a list question in 'Preguntas'; a guest answers them in Spanish or English; a missing
 * required answer is refused with its message and stores nothing; the answers show in Invitaciones
 * and Estadísticas. Each project's run has its own server, so other specs see no questions.
 */
test.describe.configure({ mode: "serial" });

let server: Awaited<ReturnType<typeof startServer>>;
let data: TestData;
test.beforeAll(async () => {
  server = await startServer({});
  data = new TestData(server);
});
test.afterAll(async () => {
  await data?.cleanup();
  await server?.stop();
});

const SONG = "¿Qué canción pedimos al DJ?";
const BUS = "¿Vienes en el autobús?";
const STARTER = "¿Qué entrante prefieres?";

test("the couple adds a text, a yes/no and a list question in 'Preguntas'", async ({ browser }, testInfo) => {
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
  await login(page);
  await page.getByRole("link", { name: "Preguntas", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Preguntas para los invitados" })).toBeVisible();
  const form = () => page.getByRole("region", { name: "Agregar pregunta" });
  const add = async (fill: (f: ReturnType<typeof form>) => Promise<void>, text: string) => {
    await fill(form());
    await form().getByRole("button", { name: "Agregar pregunta" }).click();
    await expect(page.getByRole("article", { name: text })).toBeVisible();
    // The add form starts empty again for the next question.
    await expect(form().getByLabel("Pregunta (EN)")).toHaveValue("");
    await expect(form().getByLabel("Obligatoria")).not.toBeChecked();
  };
  await add(async (f) => {
    await f.getByLabel("Pregunta (ES)").fill(SONG);
    await f.getByLabel("Pregunta (EN)").fill("Which song should the DJ play?");
  }, SONG);
  await add(async (f) => {
    await f.getByLabel("Pregunta (ES)").fill(BUS);
    await f.getByLabel("Pregunta (EN)").fill("Are you coming on the bus?");
    await f.getByLabel("Tipo").selectOption({ label: "Sí o no" });
    await f.getByLabel("Obligatoria").check();
  }, BUS);
  // A list needs two options: refused, what was typed kept.
  await form().getByLabel("Pregunta (ES)").fill(STARTER);
  await form().getByLabel("Tipo").selectOption({ label: "Una opción de una lista" });
  await form().getByLabel("Opciones (ES), una por línea").fill("Jamón");
  await form().getByRole("button", { name: "Agregar pregunta" }).click();
  await expect(page.getByText("Una lista necesita al menos dos opciones, una por línea.").filter({ visible: true }).first()).toBeVisible();
  await expect(form().getByLabel("Pregunta (ES)")).toHaveValue(STARTER);
  await add(async (f) => {
    await f.getByLabel("Pregunta (ES)").fill(STARTER);
    await f.getByLabel("Tipo").selectOption({ label: "Una opción de una lista" });
    await f.getByLabel("Opciones (ES), una por línea").fill("Jamón\nEnsalada");
    await f.getByLabel("Opciones (EN), una por línea").fill("Ham\nSalad");
    await f.getByRole("radio", { name: "Una vez por persona" }).check();
  }, STARTER);
  await context.close();
});

test("a guest's missing required answer is refused and nothing is stored; answered, it shows in Invitaciones and Estadísticas", async ({
  browser,
}, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "Rocío Vega", maxGuests: 1 });
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL);
  await enterCode(page, inv.code);
  await page.getByLabel(SONG).fill("Bailando");
  await page.getByLabel(STARTER).selectOption({ label: "Ensalada" });
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  await expect(page.getByText("Responde a todas las preguntas obligatorias.").first()).toBeVisible();
  // What was typed stays.
  await expect(page.getByLabel(SONG)).toHaveValue("Bailando");
  await page.goto("/confirm");
  await expect(page.getByRole("button", { name: "Confirmar Asistencia" })).toBeVisible();

  await page.getByRole("group", { name: BUS }).getByRole("radio", { name: "Sí" }).check();
  await page.getByLabel(SONG).fill("Bailando");
  await page.getByLabel(STARTER).selectOption({ label: "Ensalada" });
  await page.getByRole("button", { name: "Confirmar Asistencia" }).click();
  await expect(page.getByRole("heading", { name: /confirmad/i }).first()).toBeVisible();

  const admin = await openBrowser(browser, testInfo, server.baseURL);
  await login(admin.page);
  await admin.page.goto("/admin/invitations?q=Roc%C3%ADo");
  const row = admin.page.getByRole("row").filter({ hasText: "Rocío Vega" });
  await expect(row.getByText(`${SONG} Bailando`)).toBeVisible();
  await expect(row.getByText(`${BUS} Sí`)).toBeVisible();
  await expect(row.getByText(`${STARTER} Ensalada`)).toBeVisible();
  await admin.page.goto("/admin");
  const stats = admin.page.getByRole("region", { name: "Respuestas a sus preguntas" });
  await expect(stats.getByText(`${BUS}: Sí 1 · No 0`)).toBeVisible();
  await expect(stats.getByText(`${STARTER}: Jamón 0 · Ensalada 1`)).toBeVisible();
  await admin.context.close();
  await context.close();
});

test("in English the questions and options are the English texts, and the refusal speaks English", async ({ browser }, testInfo) => {
  const inv = await data.createInvitation({ primaryGuest: "John Smith", maxGuests: 1 });
  const { context, page } = await openBrowser(browser, testInfo, server.baseURL, "en");
  await enterCode(page, inv.code, { lng: "en" });
  await page.getByLabel("Which song should the DJ play? (optional)").fill("Yellow");
  // No English text for this one: the Spanish text shows, its options in English.
  await page.getByLabel("¿Qué entrante prefieres? (optional)").selectOption({ label: "Ham" });
  await page.getByRole("button", { name: "Confirm Attendance" }).click();
  await expect(page.getByText("Please answer every required question.").first()).toBeVisible();
  await page.getByRole("group", { name: "Are you coming on the bus?" }).getByRole("radio", { name: "No" }).check();
  await page.getByLabel("¿Qué entrante prefieres? (optional)").selectOption({ label: "Ham" });
  await page.getByRole("button", { name: "Confirm Attendance" }).click();
  await expect(page.getByRole("button", { name: "Confirm Attendance" })).toHaveCount(0);
  await context.close();
});
