#!/usr/bin/env node
// @ts-check
// npm run bench:first-frame — the main thread's work before the home page's first paint on a
// phone-sized screen (412×823, Debian's Chromium, JavaScript off so only the document counts):
// style, layout and paint in ms, the median of ROUNDS fresh loads, for the page as built and for
// the same page with every home section drawn at once (`content-visibility: visible` added to
// its HTML), the two taken in turns so the machine's load weighs on both alike.
// Builds nothing: run `npm run build` first.
//
//   ROUNDS=15 npm run bench:first-frame
import os from "node:os";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./lib/start-server.mjs";

const rounds = Number(process.env.ROUNDS ?? 12);
const server = await startBuiltServer({ WEDDING_DATE: "2031-01-17T16:00:00-05:00", RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });
const url = `${server.base}/`;
/** @type {Record<string, (html: string) => string>} */
const variants = {
  "as built (sections drawn near the screen)": (html) => html,
  "every section drawn at once": (html) => html.replace("</head>", "<style>.home-section{content-visibility:visible}</style></head>"),
};
/** @type {Record<string, number[][]>} */
const figures = {};
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  await fetch(url); // the server's first render is not what is measured
  for (let round = 0; round < rounds; round++) {
    for (const [name, rewrite] of Object.entries(variants)) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        locale: "es-ES",
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.route(url, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: rewrite(await response.text()) });
      });
      await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
      await page.goto(url, { waitUntil: "load" });
      await page.waitForTimeout(200);
      /** @type {{ name: string, ph: string, ts: number, dur: number, pid: number }[]} */
      const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
      const paint = events.find((e) => e.name === "firstContentfulPaint");
      if (!paint) throw new Error(`no first paint recorded (${name})`);
      /** @param {string} event */
      const before = (event) =>
        events.filter((e) => e.name === event && e.ph === "X" && e.pid === paint.pid && e.ts < paint.ts).reduce((sum, e) => sum + e.dur / 1000, 0);
      (figures[name] ??= []).push([before("UpdateLayoutTree"), before("Layout"), before("Paint")]);
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.stop();
}
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `Home page, 412×823, before the first paint: medians of ${rounds} loads each (load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")}, ${os.cpus().length} CPUs)`,
);
for (const [name, runs] of Object.entries(figures)) {
  const [style, layout, paint] = [0, 1, 2].map((i) => median(runs.map((r) => r[i])).toFixed(1));
  console.log(`${name.padEnd(44)} style ${style} ms, layout ${layout} ms, paint ${paint} ms`);
}
