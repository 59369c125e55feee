import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";

// Decision 0014: the home page's sections below the first screen, the countdown, the hero's video,
// the calendar control, the footer and the music player are not in the first load. Their HTML is;
// their code arrives after hydration starts, and React hydrates each boundary when it does.

/** What the server renders for those parts: each must be in the HTML and stay put while its code travels. */
const lazyParts = [
  "#quotes-title",
  ".quotes-track",
  "#story-title",
  "#info-title",
  "#location-title",
  ".map-link a",
  "#accommodation-title",
  "#rsvp-title",
  ".countdown",
  ".add-to-calendar",
  ".site-footer",
  ".music-control",
];

/** Holds the lazy chunks (the home page's and the site's) until `release()`. */
async function holdLazyChunks(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/(deferred|site-deferred|AddToCalendar)-[\w-]+\.js$/, async (route: Route) => {
    held.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { release, held };
}

/** True once React has hydrated the element (it carries React's internal keys). */
const hydrated = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber")));

/** Their place and text; the countdown's digits and the music button's name change once they run. */
const volatile = new Set([".countdown", ".music-control"]);
const boxes = (page: Page) =>
  Promise.all(
    lazyParts.map(async (selector) => {
      const el = page.locator(selector).first();
      return { selector, box: await el.boundingBox(), text: volatile.has(selector) ? "" : (await el.innerText()).slice(0, 200) };
    }),
  );

test.describe("selective hydration @js-only", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the lazy parts' server HTML stays, unmoved, while their code is held; then they work", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    const { release, held } = await holdLazyChunks(page);

    await page.goto("/", { waitUntil: "domcontentloaded" });
    const before = await boxes(page);
    for (const part of before) expect(part.box, `${part.selector} is drawn`).not.toBeNull();

    // The page hydrates without them: the header is React's, the sections still the server's HTML.
    await expect.poll(() => hydrated(page, ".site-header")).toBe(true);
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(3);
    expect(await hydrated(page, "#story-title")).toBe(false);

    // A change of theme while they wait (a context above them) must not throw their HTML away.
    await page.getByRole("button", { name: "Cambiar a modo oscuro" }).click();
    await page.waitForTimeout(1000);
    expect(await boxes(page)).toEqual(before);
    expect(await hydrated(page, "#story-title")).toBe(false);

    release();
    await expect.poll(() => hydrated(page, "#story-title")).toBe(true);
    await expect.poll(() => hydrated(page, ".site-footer")).toBe(true);
    await expect(page.locator("html")).toHaveClass(/dark/);
    // Same text, same place once hydrated (the carousel's moving copy is hidden from the text).
    expect(await boxes(page)).toEqual(before);

    // And they work: the carousel drifts, the calendar menu opens, the map's link leads out.
    const track = page.getByRole("region", { name: "Citas" });
    await track.scrollIntoViewIfNeeded();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft), { timeout: 5000 }).toBeGreaterThan(2);
    await page.getByText("Añadir al calendario").first().click();
    await expect(page.getByRole("link", { name: /Google Calendar/ }).first()).toBeVisible();
    const map = page.getByRole("link", { name: "Abrir el mapa en OpenStreetMap" });
    await expect(map).toHaveAttribute("href", /openstreetmap\.org/);
    await expect(map).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("region", { name: "Música" })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a client navigation to / waits for the sections' code: never an empty section", async ({ page }) => {
    await page.goto("/gallery");
    await expect.poll(() => hydrated(page, ".site-header")).toBe(true);
    const { release, held } = await holdLazyChunks(page);
    // Records any moment the home page is in the document without its sections.
    await page.evaluate(() => {
      const w = window as unknown as { emptyHome: boolean };
      w.emptyHome = false;
      new MutationObserver(() => {
        const home = document.querySelector(".home");
        if (home && !(home.querySelector("#story-title") && home.querySelector(".countdown"))) w.emptyHome = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Inicio" }).click();
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(500);
    await expect(page.locator(".home")).toHaveCount(0);
    release();
    await expect(page.locator("#story-title")).toBeVisible();
    await expect(page.locator(".countdown")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { emptyHome: boolean }).emptyHome)).toBe(false);
  });
});

test("the HTML of / has every section whole, in place, with no streaming scripts @no-js-only", async ({ request }) => {
  const html = await (await request.get("/")).text();
  for (const id of ["hero-names", "quotes-title", "story-title", "info-title", "location-title", "accommodation-title", "rsvp-title"]) {
    expect(html, id).toContain(`id="${id}"`);
  }
  for (const text of ["Añadir al calendario", 'class="countdown"', 'class="site-footer"', "music-control", "Abrir el mapa en OpenStreetMap"])
    expect(html).toContain(text);
  // Finished boundaries are written inline: no <template> placeholders, no script moving them in.
  expect(html).not.toContain("<template");
  expect(html).not.toMatch(/\$RC|\$RS/);
  expect(html).toContain("<!--$-->");
});
