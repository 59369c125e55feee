import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { expect, jsDisabled, test } from "./fixtures";

test.describe("common layout", () => {
  test("unknown paths redirect to the not-found page", async ({ page }) => {
    const response = await page.goto("/esto/no/existe");
    expect(new URL(page.url()).pathname).toBe("/404");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(page.getByText("Lo sentimos, la página que buscas no existe.")).toBeVisible();
    await page.getByRole("link", { name: "Volver al Inicio" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("header, navigation and footer are on every page", async ({ page }) => {
    await page.goto("/404");
    const nav = page.getByRole("navigation", { name: "Navegación principal" });
    await expect(nav.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Confirmar" })).toHaveAttribute("href", "/confirm");
    await expect(nav.getByRole("link", { name: "Galería" })).toHaveAttribute("href", "/gallery");
    await expect(page.getByRole("banner").getByRole("link", { name: "Valeria & Sebastián" })).toHaveAttribute("href", "/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer).toContainText("Todos los derechos reservados.");
    // The wedding date follows WEDDING_DATE (2031-01-17 in the e2e server), in the page's language.
    await expect(footer).toContainText("17 de enero de 2031 · Cocolí, Panamá");
    await page.goto("/");
    await expect(page).toHaveTitle("Valeria & Sebastián · 17 de enero de 2031");
  });

  test("the language switch changes the page language and survives a reload", async ({ page }) => {
    await page.goto("/404");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("January 17, 2031 · Cocolí, Panama");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  test("English browsers get English first", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/404");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await context.close();
  });

  test("the theme switch toggles dark mode and keeps it across reloads", async ({ page }, testInfo) => {
    await page.goto("/404");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/dark/);
    // With JavaScript the choice is saved in the background: wait for it before reloading.
    const saved = () => (jsDisabled(testInfo) ? Promise.resolve() : page.waitForResponse("**/action/set-theme"));
    let save = saved();
    await page.getByRole("button", { name: "Cambiar a modo oscuro" }).click();
    await save;
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Cambiar a modo claro" })).toBeVisible();
    if (!jsDisabled(testInfo)) {
      expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    }
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    save = saved();
    await page.getByRole("button", { name: "Cambiar a modo claro" }).click();
    await save;
    await expect(html).not.toHaveClass(/dark/);
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });

  test("the system's dark preference is followed when nothing is saved", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark", javaScriptEnabled: true });
    const page = await context.newPage();
    await page.goto("/404");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await context.close();
  });

  test("every response carries the security headers", async ({ request }) => {
    for (const path of ["/404", "/favicon.svg", "/healthz"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBeTruthy();
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    }
    const page = await request.get("/404");
    const csp = page.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' 'nonce");
    expect(csp?.split("script-src")[1]?.split(";")[0]).not.toContain("unsafe-inline");
  });

  test("small screens get a menu with the same three links", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/404");
    await page.getByLabel("Abrir menú").click();
    const menu = page.getByRole("navigation", { name: "Menú" });
    await expect(menu.getByRole("link", { name: "Inicio" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Confirmar" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Galería" })).toBeVisible();
  });

  // A page's scripts travel as the build compressed them (Brotli at its strongest, else gzip), the
  // same bytes for every guest: the server compresses none of them per request. A client that takes
  // neither gets the file itself.
  test("a page's scripts arrive as the build compressed them, and whole to a client that takes no compression @js-only", async ({ request, baseURL }) => {
    const response = await request.get("/confirm");
    const modules = [...(response.headers()["link"] ?? "").matchAll(/<(\/assets\/[^>]+\.js)>/g)].map((m) => m[1]!);
    expect(modules.length).toBeGreaterThan(3);
    /** The answer's raw bytes and headers, undecoded. */
    const raw = (path: string, acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(new URL(path, baseURL), { headers: { "Accept-Encoding": acceptEncoding } }, (answer) => {
            const chunks: Buffer[] = [];
            answer.on("data", (chunk: Buffer) => chunks.push(chunk));
            answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const assets = path.resolve(process.env.BUILD_DIR ?? "build", "client");
    for (const module of modules) {
      const file = fs.readFileSync(path.join(assets, module));
      const br = await raw(module, "gzip, deflate, br, zstd");
      expect(br.headers["content-encoding"], module).toBe("br");
      expect(br.headers["vary"], module).toMatch(/Accept-Encoding/i);
      expect(br.headers["cache-control"], module).toBe("public, max-age=31536000, immutable");
      expect(br.headers["content-type"], module).toMatch(/^text\/javascript/);
      expect(br.body.equals(fs.readFileSync(path.join(assets, `${module}.br`))), `${module}: the build's Brotli copy`).toBe(true);
      expect(zlib.brotliDecompressSync(br.body).equals(file), module).toBe(true);
      const gz = await raw(module, "gzip");
      expect(gz.headers["content-encoding"], module).toBe("gzip");
      expect(zlib.gunzipSync(gz.body).equals(file), module).toBe(true);
      const plain = await raw(module, "identity");
      expect(plain.headers["content-encoding"], module).toBeUndefined();
      expect(plain.body.equals(file), module).toBe(true);
    }
  });

  // A phone paints what has arrived of a page while the rest comes. Painted just after the menu's
  // <details> began and before its <summary> was read, the header must not move when the rest
  // arrives (the browser's own 'Details' in its place moved it by 28 px).
  test("the header does not move when a small screen paints the page before its menu has arrived", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const tools = page.locator(".header-tools");
    await page.goto("/");
    const whole = await tools.boundingBox();
    const menuStart = '<details class="nav-mobile">';
    await page.route("/", async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const cut = html.indexOf(menuStart);
      expect(cut).toBeGreaterThan(0);
      await route.fulfill({ response, body: html.slice(0, cut + menuStart.length) });
    });
    await page.goto("/");
    expect(await tools.boundingBox()).toEqual(whole);
    await expect(page.getByText("Details")).toBeHidden();
  });
});

test("the small-screen menu closes after following a link and on Escape @js-only", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/404");
  const menuButton = page.getByLabel("Abrir menú");
  const menu = page.getByRole("navigation", { name: "Menú" });
  await menuButton.click();
  await menu.getByRole("link", { name: "Galería" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(menu).toBeHidden();

  await menuButton.click();
  await expect(menu.getByRole("link", { name: "Inicio" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test("a language saved in the browser is used when no cookie says otherwise @js-only", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("i18nextLng", "en");
      sessionStorage.setItem("seeded", "1");
    }
  });
  await page.goto("/404");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("en");
});

// The guests' pages carry their CSS (Mantine's too) in their HTML, not as stylesheets to wait for:
// reached from the home page (whose HTML carries none of it) by a client navigation, each brings it
// before it shows, and the home page's toast container brings Mantine's as a stylesheet.
test("the gallery and the RSVP page reached from the home page by a client navigation are styled @js-only", async ({ page, data }) => {
  await data.createSection({ name: "Ceremonia" });
  await page.goto("/");
  await expect(page.locator("link[rel=stylesheet]")).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const nav = page.getByRole("navigation", { name: "Navegación principal" });
  await nav.getByRole("link", { name: "Galería" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Galería de Fotos" })).toBeVisible();
  await expect(page.getByRole("list").filter({ has: page.getByRole("link", { name: /Ver fotos de Ceremonia/ }) })).toHaveCSS("display", "grid");
  await nav.getByRole("link", { name: "Confirmar" }).click();
  const verify = page.getByRole("button", { name: "Verificar Código" });
  await expect(verify).toBeVisible();
  // Mantine's button, with the site's 44 px touch target (app/styles/mantine-overrides.css).
  await expect(verify).toHaveCSS("min-height", "44px");
  await expect(verify).toHaveCSS("cursor", "pointer");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

// Each page's texts come with its loader's data, in the page's language (decision 0014): pages
// reached without a page load, and a language switch, must still show every text translated.
test("pages reached by client navigation show their own texts, in the chosen language @js-only", async ({ page }) => {
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "Galería de Fotos" })).toBeVisible();
  // A marker on window survives client navigations and is lost on a page load.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const nav = page.getByRole("navigation", { name: /Navegación principal|Main navigation/ });
  await nav.getByRole("link", { name: "Inicio" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Nuestra Historia" })).toBeVisible();
  // The home page's CSS (inlined only in its own HTML) arrived with the navigation: its sections are laid out.
  await expect(page.locator(".home-section").first()).toHaveCSS("max-width", "1200px");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Our Story" })).toBeVisible();
  await expect(page).toHaveTitle("Valeria & Sebastián · January 17, 2031");
  await nav.getByRole("link", { name: "RSVP" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your Attendance" })).toBeVisible();
  await expect(page.getByText("Please enter the invitation code you received to confirm your attendance.")).toBeVisible();
  await nav.getByRole("link", { name: "Gallery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Photo Gallery" })).toBeVisible();
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Galería de Fotos" })).toBeVisible();
  await nav.getByRole("link", { name: "Confirmar" }).click();
  await expect(page.getByRole("heading", { name: "Confirma tu Asistencia" })).toBeVisible();
  // No untranslated key (namespace:key or a bare dotted key) anywhere in the page.
  await expect(page.locator("body")).not.toContainText(/\b(home|confirm|gallery|common|nav|footer)[:.][a-z]+[A-Za-z.]*\b/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

// Search engines and link previews read a page's description; every public page has one, in its language.
test("the gallery and the RSVP page describe themselves in the visitor's language", async ({ page }) => {
  for (const [path, es, en] of [
    ["/gallery", /^Las fotos de nuestra boda/, /^The photos of our wedding/],
    ["/confirm", /^Confirma tu asistencia/, /^Confirm your attendance/],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", es);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", en);
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", es);
  }
});

// Every page paints from its HTML and works without its scripts; the scripts must never hold the
// paint or the pictures in view. The response's Link header names each module the page loads, at low
// priority, and starts them before the body arrives; the page's own modulepreload tags then find
// them under way: one fetch each.
test.describe("a page's scripts", () => {
  test.use({ serviceWorkers: "block" });
  test("are fetched once each, at low priority, and the page still comes to life @js-only", async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const fetched: { path: string; priority: string }[] = [];
    cdp.on("Network.requestWillBeSent", (event) => {
      const url = new URL(event.request.url);
      if (url.pathname.startsWith("/assets/")) fetched.push({ path: url.pathname, priority: event.request.initialPriority });
    });
    for (const path of ["/", "/confirm", "/gallery"]) {
      fetched.length = 0;
      const response = (await page.goto(path))!;
      const html = await response.text();
      const tags = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
      const hinted = [...(response.headers()["link"] ?? "").matchAll(/<([^>]+)>; rel=modulepreload; fetchpriority=low/g)].map((m) => m[1]);
      expect(tags.length, path).toBeGreaterThan(3);
      expect(new Set(hinted), path).toEqual(new Set(tags));
      // The page comes to life: React has taken over the language switch.
      const english = page.getByRole("button", { name: "English" });
      await expect.poll(() => english.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber")))).toBe(true);
      for (const module of hinted) {
        const requests = fetched.filter((f) => f.path === module);
        expect(requests, `${path}: ${module}`).toHaveLength(1);
        expect(requests[0]!.priority, `${path}: ${module}`).toBe("Low");
      }
    }
  });
});

// A phone paints what has arrived of a page while the rest comes. A part painted before all of it
// had arrived would move when the rest came: the header's first tools left as its last ones came,
// the footer (held at the bottom of a short page) up as its lines came, the music control's play
// button left as its second button came. The page holds its first paint until all its own markup
// has arrived (`rel="expect"`), so nothing moves. Each page is served in two parts, cut inside one of
// them, with a pause between.
const cuts = [
  { part: "header", path: "/", after: (html: string) => html.indexOf("</form>", html.indexOf('class="header-tools"')) + "</form>".length },
  { part: "footer", path: "/confirm", after: (html: string) => html.indexOf("</p>", html.indexOf('class="footer-names"')) + "</p>".length },
  {
    part: "music control",
    path: "/confirm",
    after: (html: string) => html.indexOf("</button>", html.indexOf('class="icon-button music-main"')) + "</button>".length,
  },
];
for (const { part, path, after } of cuts) {
  test(`a page whose ${part} arrives in two parts never moves it @js-only`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const proxy = http.createServer(async (request, response) => {
      const upstream = await fetch(new URL(request.url!, baseURL), { headers: { "Accept-Language": "es" } });
      const headers = Object.fromEntries([...upstream.headers].filter(([name]) => !["content-encoding", "content-length", "transfer-encoding"].includes(name)));
      response.writeHead(upstream.status, headers);
      const body = Buffer.from(await upstream.arrayBuffer());
      if (request.url !== path) return void response.end(body);
      const html = body.toString("utf8");
      const cut = after(html);
      expect(cut, `the ${part} is in the page`).toBeGreaterThan(100);
      response.write(html.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 800));
      response.end(html.slice(cut));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}${path}`);
      await expect(page.getByRole("contentinfo")).toContainText("Todos los derechos reservados");
      const shifts = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
            }).observe({ type: "layout-shift", buffered: true });
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(total), 100)));
          }),
      );
      expect(shifts).toBe(0);
    } finally {
      proxy.close();
    }
  });
}
