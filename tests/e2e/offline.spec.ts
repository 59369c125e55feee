import sharp from "sharp";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { expect, jsDisabled, seatTables, startServer, TestData, test, workerReady } from "./fixtures";
import { openContentSection, saveContent } from "./content-editor";
import { expectNoSeriousA11yViolations } from "./axe";

/**
 * The site installable and usable without signal (decision 0064): the web app manifest named after
 * the couple as 'Contenido' holds them, the service worker keeping what a guest saw, and the offline
 * page. "No signal" is the test's own server stopped: every request the browser or its service
 * worker makes then fails, as at a venue without coverage (Playwright's setOffline does not reach a
 * service worker's own fetches in Chromium).
 */
test.describe.configure({ mode: "serial" });
// The rest of the suite blocks service workers (playwright.config.ts); these tests are about one.
test.use({ serviceWorkers: "allow" });

type Server = Awaited<ReturnType<typeof startServer>>;

async function newContext(browser: Browser, server: Server, testInfo: TestInfo, lng: "es" | "en"): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({
    baseURL: server.baseURL,
    locale: lng === "en" ? "en-US" : "es-ES",
    javaScriptEnabled: !jsDisabled(testInfo),
    serviceWorkers: "allow",
  });
  await ctx.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: server.baseURL }]);
  return { ctx, page: await ctx.newPage() };
}

async function signIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Contraseña", { exact: true }).fill("e2e-admin-password");
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toBeVisible();
}

test("without signal a guest still opens their invitation with their table, the home page, and the offline page for the rest, never the admin @js-only", async ({
  browser,
}, testInfo) => {
  test.slow();
  const server = await startServer({});
  let stopped = false;
  try {
    const data = new TestData(server);
    const guest = await data.createInvitation({ primaryGuest: "Lucía Sinseñal", maxGuests: 2, confirmedGuests: ["Tomás Sinseñal"] });
    await seatTables(server, [{ name: "Mesa Luna", people: ["Lucía Sinseñal", "Tomás Sinseñal"] }]);

    // The guest opens their personal link: the invitation, with their table.
    const { ctx, page } = await newContext(browser, server, testInfo, "es");
    await page.goto(`/i/${guest.code}`);
    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByText("Tu mesa: Mesa Luna")).toBeVisible();
    await workerReady(page);
    for (const path of ["/", "/confirm", "/gallery"]) {
      const response = await page.goto(path);
      expect(response?.fromServiceWorker(), path).toBe(true);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    }
    // The couple's panel, opened in the same browser while there was signal.
    await signIn(page);

    // A second visitor, in English, who opened only the home page.
    const english = await newContext(browser, server, testInfo, "en");
    await english.page.goto("/");
    await workerReady(english.page);
    await english.page.goto("/");
    await expect(english.page.getByRole("link", { name: "Gallery" }).first()).toBeVisible();

    // No signal: the server is gone, and nothing answers at its address.
    await server.stop();
    stopped = true;
    await expect(fetch(`${server.baseURL}/healthz`)).rejects.toThrow();

    await page.goto("/confirm");
    await page.reload();
    await expect(page.getByText("Tu mesa: Mesa Luna")).toBeVisible();
    await expect(page.getByText("Lucía Sinseñal").first()).toBeVisible();
    // The personal link again: it leads to the same kept invitation.
    await page.goto(`/i/${guest.code}`);
    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByText("Tu mesa: Mesa Luna")).toBeVisible();

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Valeria & Sebastián" })).toBeVisible();

    // A page never opened: the offline page, in the visitor's language, with what is still there.
    await page.goto("/mesa/sin-visitar");
    await expect(page.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Tu invitación" })).toHaveAttribute("href", "/confirm");
    await expect(page.getByRole("link", { name: "Galería" })).toHaveAttribute("href", "/gallery");
    await expectNoSeriousA11yViolations(page, "the offline page");

    // The admin was open before: offline it is the offline page, never a kept copy of the panel.
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toHaveCount(0);

    // The English visitor opened only the home page: only it is offered.
    await english.page.goto("/gallery");
    await expect(english.page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(english.page.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(english.page.getByRole("link", { name: "Your invitation" })).toHaveCount(0);
    await expect(english.page.getByRole("link", { name: "Gallery" })).toHaveCount(0);
    await english.page.goto("/");
    await expect(english.page.getByRole("heading", { level: 1, name: "Valeria & Sebastián" })).toBeVisible();

    await english.ctx.close();
    await ctx.close();
  } finally {
    if (!stopped) await server.stop();
  }
});

test("the offline page offers only the pages this browser keeps, and says so when it keeps none @js-only", async ({ browser }, testInfo) => {
  test.slow();
  const server = await startServer({});
  let stopped = false;
  try {
    // A visitor who saw the home page and the gallery, never an invitation.
    const visitor = await newContext(browser, server, testInfo, "es");
    await visitor.page.goto("/");
    await workerReady(visitor.page);
    for (const path of ["/", "/gallery"]) {
      const response = await visitor.page.goto(path);
      expect(response?.fromServiceWorker(), path).toBe(true);
      await expect(visitor.page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    }
    // Someone, in English, who opened only the couple's panel: nothing of it is kept.
    const couple = await newContext(browser, server, testInfo, "en");
    await couple.page.goto("/admin");
    await workerReady(couple.page);

    await server.stop();
    stopped = true;

    await visitor.page.goto("/mesa/sin-visitar");
    await expect(visitor.page.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
    await expect(visitor.page.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
    await expect(visitor.page.getByRole("link", { name: "Galería" })).toHaveAttribute("href", "/gallery");
    await expect(visitor.page.getByRole("link", { name: "Tu invitación" })).toHaveCount(0);
    await expect(visitor.page.getByText("Este teléfono aún no guarda ninguna página del sitio para abrirla sin conexión.")).toBeHidden();
    // The links lead to the kept pages.
    await visitor.page.getByRole("link", { name: "Galería" }).click();
    await expect(visitor.page).toHaveURL(/\/gallery$/);
    await expect(visitor.page.getByRole("heading", { level: 1, name: "Sin conexión" })).toHaveCount(0);

    await couple.page.goto("/gallery");
    await expect(couple.page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(couple.page.getByText("This phone has not kept any page of the site to open offline yet.")).toBeVisible();
    await expect(couple.page.getByRole("link")).toHaveCount(0);
    await expectNoSeriousA11yViolations(couple.page, "the offline page with nothing kept");

    await couple.ctx.close();
    await visitor.ctx.close();
  } finally {
    if (!stopped) await server.stop();
  }
});

// The worker's first install downloads every script of the site. On a slow phone the page's own
// scripts are still bringing it to life when its load event comes; the worker waits until they
// have, so the two never compete.
test("the service worker registers only once the page has come to life @js-only", async ({ browser }, testInfo) => {
  const server = await startServer({});
  try {
    const { ctx, page } = await newContext(browser, server, testInfo, "es");
    // What the page had hydrated when the worker was registered: React marks each element it takes over.
    await page.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args: Parameters<ServiceWorkerContainer["register"]>) {
        const buttons = [...document.querySelectorAll("button")];
        const hydrated = buttons.filter((button) => Object.keys(button).some((key) => key.startsWith("__reactFiber")));
        Object.assign(window, { atRegistration: { buttons: buttons.length, hydrated: hydrated.length } });
        return register.apply(this, args);
      };
    });
    // A slow phone: the CPU 8 times slower.
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => "atRegistration" in window), { timeout: 20_000 }).toBe(true);
    const atRegistration = await page.evaluate(() => (window as unknown as { atRegistration: { buttons: number; hydrated: number } }).atRegistration);
    expect(atRegistration.buttons).toBeGreaterThan(3);
    expect(atRegistration.hydrated).toBe(atRegistration.buttons);
    await ctx.close();
  } finally {
    await server.stop();
  }
});

test("without JavaScript no service worker registers and the guest's pages work as before @no-js-only", async ({ browser }, testInfo) => {
  test.slow();
  const server = await startServer({});
  try {
    const data = new TestData(server);
    const guest = await data.createInvitation({ primaryGuest: "Rosa Sinscript", confirmedGuests: [] });
    await seatTables(server, [{ name: "Mesa Sol", people: ["Rosa Sinscript"] }]);
    const { ctx, page } = await newContext(browser, server, testInfo, "es");
    await page.goto(`/i/${guest.code}`);
    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByText("Tu mesa: Mesa Sol")).toBeVisible();
    for (const path of ["/", "/gallery", "/confirm"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.fromServiceWorker(), path).toBe(false);
    }
    await expect(page.getByText("Tu mesa: Mesa Sol")).toBeVisible();
    expect(ctx.serviceWorkers()).toHaveLength(0);
    await ctx.close();
  } finally {
    await server.stop();
  }
});

test("the manifest names the couple as 'Contenido' holds them, in the visitor's language, and its icons follow a rename", async ({ page }) => {
  test.slow();
  const server = await startServer({});
  try {
    const manifestOf = async (lng: string) => {
      const response = await fetch(`${server.baseURL}/manifest.webmanifest`, { headers: { "Accept-Language": lng } });
      expect(response.headers.get("content-type")).toContain("application/manifest+json");
      return (await response.json()) as {
        name: string;
        short_name: string;
        lang: string;
        start_url: string;
        display: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
    };
    const before = await manifestOf("es");
    expect(before).toMatchObject({ name: "Valeria & Sebastián", lang: "es", start_url: "/", display: "standalone" });
    expect(before.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);

    // The worker is checked again on every visit (a new build is found), its scope the whole site.
    const worker = await fetch(`${server.baseURL}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(worker.headers.get("service-worker-allowed")).toBe("/");

    // The page names the manifest.
    await page.goto(`${server.baseURL}/`);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");

    await page.goto(`${server.baseURL}/admin`);
    await page.getByLabel("Contraseña", { exact: true }).fill("e2e-admin-password");
    await page.getByRole("button", { name: "Acceder" }).click();
    await openContentSection(page, "Pareja y fechas");
    await page.getByLabel("Nombres de la pareja").fill("Ana & Luis");
    await saveContent(page);

    const after = await manifestOf("en");
    expect(after).toMatchObject({ name: "Ana & Luis", short_name: "Ana & Luis", lang: "en" });
    // The icons' addresses change with the initials, so an installed copy fetches the new ones.
    expect(after.icons[0].src).not.toBe(before.icons[0].src);
    const icon = await fetch(`${server.baseURL}${after.icons[1].src}`);
    expect(icon.headers.get("content-type")).toBe("image/png");
    expect(icon.headers.get("cache-control")).toContain("max-age");
    const { width, height } = await sharp(Buffer.from(await icon.arrayBuffer())).metadata();
    expect([width, height]).toEqual([512, 512]);
  } finally {
    await server.stop();
  }
});
