// @ts-check
// Lighthouse on the home page, mobile, several runs: the scores and their median. Uses the
// installed `lighthouse` package (its node API) and Debian's Chromium through chrome-launcher;
// everything is local, so it works offline.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const MAX_ATTEMPTS = 3;

/** @typedef {import("lighthouse").Result} LighthouseResult */
/** @typedef {{ runs: Record<string, number>[], median: Record<string, number>, medianRun: LighthouseResult }} LighthouseRuns */
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs Lighthouse `runs` times on `url` (mobile form factor, Lighthouse's default throttling) and
 * returns { runs: [{ performance, accessibility, ... }], median: {...}, medianRun: lhr }.
 * `onRun(i, scores)` is called after each run.
 * @param {string} url
 * @param {{ runs?: number, onRun?: (i: number, scores: Record<string, number>, lhr: LighthouseResult) => void }} [options]
 * @returns {Promise<LighthouseRuns>}
 */
export async function runLighthouse(url, { runs = 5, onRun } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    /** @type {{ scores: Record<string, number>, lhr: LighthouseResult }[]} */
    const results = [];
    for (let i = 0; i < runs; i++) {
      /** @type {LighthouseResult | undefined} */
      let lhr;
      for (let attempt = 1; ; attempt++) {
        lhr = (
          await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            formFactor: "mobile",
            onlyCategories: CATEGORIES,
          })
        )?.lhr;
        if (!lhr) throw new Error("Lighthouse returned no result");
        // Lighthouse sometimes fails to record its own trace (NO_NAVSTART: "please run Lighthouse
        // again") and then scores performance 0: that is no measure of the page, so run it again.
        if (!lhr.runtimeError || attempt === MAX_ATTEMPTS) break;
        console.log(`run ${i + 1}: Lighthouse could not measure (${lhr.runtimeError.code}); running it again`);
      }
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
      results.push({ scores, lhr });
      onRun?.(i, scores, lhr);
    }
    const med = Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))]));
    // The run whose performance score is the median: its audits explain the figure.
    const perf = results.map((r) => r.scores.performance);
    const medianRun = results[perf.indexOf(median(perf))].lhr;
    return { runs: results.map((r) => r.scores), median: med, medianRun };
  } finally {
    await chrome.kill();
  }
}

/**
 * Prints the runs, the median, the key timings of the median run and the audits under 90.
 * @param {LighthouseRuns} result
 */
export function printLighthouse({ runs, median: med, medianRun }) {
  for (const id of CATEGORIES) {
    console.log(`${id.padEnd(15)} ${String(med[id]).padStart(3)}   (runs: ${runs.map((r) => r[id]).join(", ")})`);
  }
  /** @param {string} id */
  const m = (id) => medianRun.audits[id]?.displayValue ?? "-";
  console.log(
    `median run: FCP ${m("first-contentful-paint")}  LCP ${m("largest-contentful-paint")}  TBT ${m("total-blocking-time")}  CLS ${m("cumulative-layout-shift")}  SI ${m("speed-index")}`,
  );
  const failing = Object.values(medianRun.audits).filter(
    (a) => a.score !== null && a.score < 0.9 && !["informative", "manual", "notApplicable"].includes(a.scoreDisplayMode),
  );
  if (failing.length) console.log(`audits under 90: ${failing.map((a) => `${a.id} (${Math.round((a.score ?? 0) * 100)})`).join(", ")}`);
}
