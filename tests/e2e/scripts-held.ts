import type { Locator, Page, Route } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Holds every script of the site (/assets/*.js) until `release()`: a guest on a slow phone sees the
 * page and types (or taps) before the page's script runs. `hold()` holds them again for the next
 * document. Routing turns the browser's cache off, so each document asks for its scripts again.
 */
export async function holdScripts(page: Page) {
  let release!: () => void;
  let released = Promise.resolve();
  const hold = () => {
    released = new Promise<void>((resolve) => (release = resolve));
  };
  hold();
  await page.route(/\/assets\/[^/?]+\.js(\?.*)?$/, async (route: Route) => {
    await released;
    // The page may have gone on meanwhile (a plain post's answer): its request is then dropped.
    await route.continue().catch(() => undefined);
  });
  return { hold, release: () => release() };
}

/** Whether React has taken over the element (hydration reached it: it carries React's own keys). */
export async function untilReactRuns(field: Locator) {
  await expect.poll(() => field.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber")))).toBe(true);
}
