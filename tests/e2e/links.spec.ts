import jsQR from "jsqr";
import sharp from "sharp";
import { baseURL, chooseLanguage, expect, jsDisabled, login, test } from "./fixtures";

/** Reads a QR code out of an image (SVG or PNG) the way a phone camera would. */
async function decodeQr(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image, { density: 300 }).flatten({ background: "#fff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

test.describe("personal links", () => {
  test("a personal link opens the right invitation, in its language", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Grace Hopper", maxGuests: 2, language: "en" });
    await data.createInvitation({ primaryGuest: "Otra Persona" });
    // Lower case and a space: typed by hand from a card, it still works.
    await page.goto(`/i/${inv.code.slice(0, 3).toLowerCase()}%20${inv.code.slice(3)}`);
    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByRole("heading", { name: "Hello, Grace Hopper" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("a guest's own language choice wins over the invitation's", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Ada Lovelace", language: "en" });
    await chooseLanguage(page, "es");
    await page.goto(`/i/${inv.code}`);
    await expect(page.getByRole("heading", { name: "Hola, Ada Lovelace" })).toBeVisible();
  });

  test("a bad link lands on the code form with the invalid-code message", async ({ page }) => {
    await page.goto("/i/ZZZZZZ");
    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByText("Código de invitación inválido. Por favor, verifica e intenta nuevamente.").filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByLabel("Código de Invitación")).toBeVisible();
  });
});

test.describe("sharing an invitation (admin)", () => {
  test("Compartir shows the link, a WhatsApp message in the invitation's language and a QR code that decodes to the link", async ({
    page,
    data,
    context,
  }, testInfo) => {
    const inv = await data.createInvitation({ primaryGuest: "Familia Núñez", maxGuests: 3 });
    const link = `${baseURL()}/i/${inv.code}`;
    await login(page);
    await page.goto("/admin/invitations");
    await page.getByLabel("Compartir la invitación de Familia Núñez").click();
    const panel = page.getByRole("group", { name: "Invitación de Familia Núñez: enlace y código QR" });
    await expect(panel.getByLabel("Enlace personal")).toHaveValue(link);

    const whatsApp = panel.getByRole("link", { name: "Enviar por WhatsApp" });
    const href = (await whatsApp.getAttribute("href")) ?? "";
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    const message = decodeURIComponent(href.slice("https://wa.me/?text=".length));
    expect(message).toContain("¡Hola, Familia Núñez!");
    expect(message).toContain("17 de enero de 2031");
    expect(message).toContain("17 de diciembre de 2030");
    expect(message).toContain(link);

    await expect(panel.getByRole("img", { name: "Código QR del enlace de Familia Núñez" })).toBeVisible();
    const svg = await page.request.get(`/admin/qr/${inv.code}.svg`);
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    expect(await decodeQr(await svg.body())).toBe(link);
    const png = await page.request.get(`/admin/qr/${inv.code}.png?download=1`);
    expect(png.headers()["content-disposition"]).toContain(`invitacion-${inv.code}.png`);
    expect(await decodeQr(await png.body())).toBe(link);

    if (!jsDisabled(testInfo)) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await panel.getByRole("button", { name: "Copiar enlace" }).click();
      await expect(page.getByText("Enlace copiado").filter({ visible: true }).first()).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    }
  });

  test("an English invitation's WhatsApp message is in English", async ({ page, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "John Smith", language: "en" });
    await login(page);
    await page.goto("/admin/invitations");
    await page.getByLabel("Compartir la invitación de John Smith").click();
    const href = await page
      .getByRole("group", { name: "Invitación de John Smith: enlace y código QR" })
      .getByRole("link", { name: "Enviar por WhatsApp" })
      .getAttribute("href");
    const message = decodeURIComponent((href ?? "").slice("https://wa.me/?text=".length));
    expect(message).toContain("Hi John Smith!");
    expect(message).toContain("January 17, 2031");
    expect(message).toContain(`/i/${inv.code}`);
  });

  test("QR codes, cards and the export are for the admin only", async ({ request, data }) => {
    const inv = await data.createInvitation();
    expect((await request.get(`/admin/qr/${inv.code}.svg`)).status()).toBe(401);
    expect((await request.get("/admin/export.csv")).status()).toBe(401);
    expect((await request.get("/api/invitations/export.csv")).status()).toBe(401);
    const print = await request.get("/admin/print", { maxRedirects: 0 });
    expect(print.status()).toBe(302);
    expect(print.headers()["location"]).toBe("/admin");
  });

  test("Crear stores the invitation's language", async ({ page, data }) => {
    await login(page);
    await page.goto("/admin/create");
    await page.getByLabel("Invitado Principal").fill("Marie Curie Idioma");
    await page.getByLabel("Idioma de la invitación").selectOption("en");
    await page.getByRole("button", { name: "Crear Invitación" }).click();
    await expect(page.getByText("Invitación creada exitosamente").first()).toBeAttached();
    await expect.poll(() => data.invitationsNamed("Marie Curie Idioma")).toHaveLength(1);
    const [row] = await data.invitationsNamed("Marie Curie Idioma");
    data.trackInvitation(row.id);
    expect(row.language).toBe("en");
  });
});

test.describe("printable cards (admin)", () => {
  test("one card per invitation with name, QR code, short link and code; a filter for pending ones", async ({ page, data }) => {
    const pending = await data.createInvitation({ primaryGuest: "Tarjeta Pendiente" });
    await data.createInvitation({ primaryGuest: "Tarjeta Confirmada", maxGuests: 2, confirmedGuests: ["Acompañante"] });
    await login(page);
    await page.goto("/admin/invitations");
    await page.getByRole("link", { name: "Imprimir tarjetas" }).click();
    await expect(page.getByRole("heading", { name: "Tarjetas de invitación" })).toBeVisible();
    const card = page.getByRole("article", { name: "Tarjeta Pendiente" });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("img", { name: "Código QR del enlace de Tarjeta Pendiente" })).toBeVisible();
    await expect(card.getByText(`127.0.0.1:${process.env.E2E_PORT}/i/${pending.code}`)).toBeVisible();
    await expect(card.getByText(`Código: ${pending.code}`)).toBeVisible();
    await expect(page.getByRole("article", { name: "Tarjeta Confirmada" })).toHaveCount(1);

    await page.getByLabel("Solo pendientes").check();
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/pending=1/);
    await expect(page.getByRole("article", { name: "Tarjeta Pendiente" })).toHaveCount(1);
    await expect(page.getByRole("article", { name: "Tarjeta Confirmada" })).toHaveCount(0);
  });
});
