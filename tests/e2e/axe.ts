import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * A page for accessibility checks. axe needs script in the page, so for the no-JavaScript
 * project we open a page whose app scripts are blocked (no hydration: the server's HTML, as a
 * browser without JavaScript gets it) and undo the head script's `data-js` mark before each run.
 */
export async function a11yPage(browser: Browser, options: BrowserContextOptions, noJs: boolean): Promise<Page> {
  const context = await browser.newContext({ ...options, javaScriptEnabled: true });
  if (noJs) await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  (page as Page & { __noJs?: boolean }).__noJs = noJs;
  return page;
}

/** Runs axe-core and fails on any serious or critical violation, listing rule and elements. */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()) {
  const noJs = (page as Page & { __noJs?: boolean }).__noJs === true;
  const violations = await page.evaluate(
    async ({ source, noJs }) => {
      if (noJs) document.documentElement.removeAttribute("data-js");
      const w = window as unknown as {
        axe?: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> };
      };
      // Loaded before any await: DevTools evaluation is exempt from the page's CSP only while synchronous.
      if (!w.axe) new Function(source)();
      // A dialog still fading in would be measured half-transparent: let transitions finish. Only
      // running ones: a paused animation (a music visualiser while nothing plays) never finishes.
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      );
      const result = await w.axe!.run(document, { resultTypes: ["violations"] });
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 5)
              .join(" | ")}`,
        );
    },
    { source: axeSource, noJs },
  );
  expect(violations, `accessibility violations on ${label}`).toEqual([]);
}
