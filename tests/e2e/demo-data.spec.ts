import type { Page } from "@playwright/test";
import { signIn } from "./content-editor";
import { expect, jsDisabled, startServer, TestData, test } from "./fixtures";

/**
 * 'Quitar los datos de ejemplo': a first start seeds three demo invitations (12 seats) and four
 * gallery sections; the admin says so until the couple removes them, behind a confirmation that
 * names what goes; the couple's own invitation stays. A server of its own with the demo data, one
 * per project, on a phone.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeAll(async () => {
  server = await startServer({ SEED_DEMO_DATA: "1" });
});
test.afterAll(async () => {
  await server?.stop();
});

const DEMO_GUESTS = ["Ana García", "Familia Rodríguez", "Carlos Méndez"];
const DEMO_SECTIONS = ["Preboda", "Ceremonia", "Recepción", "Fotos de los invitados"];
const NOTICE = "Tu sitio aún tiene datos de ejemplo: 3 invitaciones de ejemplo y 4 secciones de galería de ejemplo.";

const seatsCard = (page: Page) => page.getByRole("region", { name: "Invitados Totales" });

/** 'Quitar los datos de ejemplo': a button once the page's script runs (it opens the dialog), a link to the step without it. */
const removeButton = (page: Page, testInfo: { project: { name: string } }) =>
  page.getByRole(jsDisabled(testInfo) ? "link" : "button", { name: "Quitar los datos de ejemplo" });

/** The admin's language, saved as the site's switch saves it. */
async function chooseLanguage(page: Page, lng: "es" | "en") {
  const value = Buffer.from(JSON.stringify(lng)).toString("base64");
  await page.context().addCookies([{ name: "lng", value, url: server.baseURL }]);
}

test("the admin names the demo data and removes exactly it, after a confirmation; the couple's invitation stays", async ({ page, request }, testInfo) => {
  const data = new TestData(server);
  await data.createInvitation({ primaryGuest: "Lucía Pérez", maxGuests: 2 });
  await signIn(page, server.baseURL);

  // Estadísticas: the 12 demo seats count, and the notice says why.
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(seatsCard(page)).toContainText("14 /");
  for (const path of ["/admin/invitations", "/admin/gallery"]) {
    await page.goto(`${server.baseURL}${path}`);
    await expect(page.getByText(NOTICE)).toBeVisible();
  }

  // In English too.
  await chooseLanguage(page, "en");
  await page.goto(`${server.baseURL}/admin/gallery`);
  await expect(page.getByText("Your site still has sample data: 3 sample invitations and 4 sample gallery sections.")).toBeVisible();
  await expect(page.getByRole(jsDisabled(testInfo) ? "link" : "button", { name: "Remove the sample data" })).toBeVisible();
  await chooseLanguage(page, "es");

  // Without the admin's session the post is refused; a post that skips the question too. Neither removes anything.
  const anonymous = await request.post(`${server.baseURL}/admin/invitations`, {
    form: { intent: "removeDemoData", invitations: "1,2,3", sections: "1,2,3,4", confirmed: "yes" },
    headers: { Origin: server.baseURL },
  });
  expect(anonymous.status()).toBe(401);
  const unconfirmed = await page.request.post(`${server.baseURL}/admin/invitations`, {
    form: { intent: "removeDemoData", invitations: "1,2,3" },
    headers: { Origin: server.baseURL },
  });
  expect(unconfirmed.status()).toBe(400);

  await page.goto(`${server.baseURL}/admin/invitations`);
  await expect(page.getByText(NOTICE)).toBeVisible();
  await removeButton(page, testInfo).click();
  // The confirmation names every invitation and section that goes, and not the couple's own.
  const question = jsDisabled(testInfo)
    ? page.getByRole("alertdialog", { name: "¿Quitar los datos de ejemplo?" })
    : page.getByRole("dialog", { name: "¿Quitar los datos de ejemplo?" });
  await expect(question).toBeVisible();
  for (const name of DEMO_GUESTS) await expect(question.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  await expect(question.getByRole("listitem").filter({ hasText: "Carlos Méndez" })).toContainText("8 puestos");
  for (const name of DEMO_SECTIONS) await expect(question.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  await expect(question).not.toContainText("Lucía Pérez");
  // The question fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (!jsDisabled(testInfo)) {
    // Focus moved into the dialog; 'Cancelar' closes it and changes nothing.
    await expect(question.getByRole("button", { name: "Sí, quitarlos" })).toBeFocused();
    await question.getByRole("button", { name: "Cancelar" }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole("button", { name: "Quitar los datos de ejemplo" })).toBeFocused();
    await page.getByRole("button", { name: "Quitar los datos de ejemplo" }).click();
  } else {
    // The step is a page of its own (a GET): 'Cancelar' goes back with everything still there.
    expect(new URL(page.url()).searchParams.get("confirm")).toBe("removeDemoData");
    await question.getByRole("link", { name: "Cancelar" }).click();
    await expect(question).toBeHidden();
    await expect(page.getByText(NOTICE)).toBeVisible();
    await page.getByRole("link", { name: "Quitar los datos de ejemplo" }).click();
  }
  await question.getByRole("button", { name: "Sí, quitarlos" }).click();
  await expect(page.getByText("Datos de ejemplo quitados.").filter({ visible: true }).last()).toBeVisible();

  // Gone everywhere the couple looks; their own invitation stays, and only its 2 seats count.
  await expect(page.getByText(/Tu sitio aún tiene datos de ejemplo/)).toHaveCount(0);
  const list = page.locator("main");
  for (const name of DEMO_GUESTS) await expect(list.getByText(name, { exact: true })).toHaveCount(0);
  await expect(list.getByText("Lucía Pérez", { exact: true }).first()).toBeVisible();
  await page.goto(`${server.baseURL}/admin/gallery`);
  await expect(page.getByText(/Tu sitio aún tiene datos de ejemplo/)).toHaveCount(0);
  for (const name of DEMO_SECTIONS) await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
  await page.goto(`${server.baseURL}/admin`);
  await expect(seatsCard(page)).toContainText("2 /");
  await expect(page.getByText(/Tu sitio aún tiene datos de ejemplo/)).toHaveCount(0);
});
