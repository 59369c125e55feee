// @ts-check
// Lighthouse on one page, mobile (Lighthouse's default: simulated slow 4G and a 4× slower CPU),
// several runs: the scores, the timings and the bytes of each, and their medians. Uses the
// installed `lighthouse` package (its node API) and Debian's Chromium through chrome-launcher;
// everything is local, so it works offline.
// Each simulated run also says how quiet the machine was, and what Lighthouse makes of the same
// run on a quiet machine (./cpu-time.mjs): the targets are for a quiet machine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { atCpuTime, cpuShare } from "./cpu-time.mjs";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const MAX_ATTEMPTS = 3;

/** @typedef {import("lighthouse").Result} LighthouseResult */
/**
 * One run's figures: the four category scores (0–100), then FCP, LCP, TBT in ms, CLS, the
 * JavaScript transferred before the load event and every byte transferred, in bytes.
 * @typedef {Record<string, number>} RunFigures
 */
/**
 * `quiet`: for simulated runs, each run's share of its long tasks the page's main thread ran on a CPU
 * (0–1), and the figures of the same runs with each task at its CPU time, with their medians.
 * @typedef {{ runs: RunFigures[], median: RunFigures, medianRun: LighthouseResult,
 *   quiet?: { cpuShares: number[], runs: RunFigures[], median: RunFigures } }} LighthouseRuns
 */

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Each figure's own median (the five runs' FCPs, the five TBTs, ...).
 * @param {RunFigures[]} runs
 * @returns {RunFigures}
 */
const medians = (runs) => Object.fromEntries(Object.keys(runs[0]).map((id) => [id, median(runs.map((r) => r[id]))]));

/**
 * Lighthouse's audits again on a saved run (`dir`, written by its gather mode) with its trace
 * rewritten so that each main-thread task lasts its CPU time: how much of its long tasks' time the
 * main thread had run, and the figures of that result.
 * @param {string} url
 * @param {import("lighthouse").Flags} flags the run's own flags (Lighthouse refuses others)
 * @param {string} dir
 * @param {{ traceEvents: import("./cpu-time.mjs").TraceEvent[] }} trace the run's trace (the copy in memory of `dir`'s)
 * @returns {Promise<{ share: number, figures: RunFigures }>}
 */
async function atQuietMachine(url, flags, dir, trace) {
  const share = cpuShare(trace);
  fs.writeFileSync(path.join(dir, "trace.json"), JSON.stringify(atCpuTime(trace)));
  const lhr = (await lighthouse(url, { ...flags, auditMode: dir }))?.lhr;
  if (!lhr) throw new Error("Lighthouse returned no result for the run at CPU time");
  return { share, figures: figuresOf(lhr) };
}

/**
 * The figures of one Lighthouse result.
 * @param {LighthouseResult} lhr
 * @returns {RunFigures}
 */
export function figuresOf(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  /** @param {string} id */
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  // The load event as the page's real (unthrottled) load saw it, in ms from the navigation's start,
  // and each request's end on the same clock (Lighthouse's network-requests audit).
  const metrics = /** @type {{ items?: { observedLoad?: number }[] } | undefined} */ (lhr.audits.metrics?.details);
  const load = metrics?.items?.[0]?.observedLoad ?? Infinity;
  const requests = /** @type {{ items?: { resourceType?: string, networkEndTime?: number, transferSize?: number }[] } | undefined} */ (
    lhr.audits["network-requests"]?.details
  );
  const jsBeforeLoad = (requests?.items ?? [])
    .filter((r) => r.resourceType === "Script" && (r.networkEndTime ?? Infinity) <= load)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    ...scores,
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    jsBeforeLoad,
    totalBytes: value("total-byte-weight"),
  };
}

/**
 * Runs Lighthouse `runs` times on `url` (mobile form factor, Lighthouse's default throttling) and
 * returns { runs: [figures], median: {...}, medianRun: lhr }. `extraHeaders` go with every request
 * (a cookie: Lighthouse clears the browser's storage before each run). `onRun(i, figures)` is
 * called after each run, with the run at CPU time when the throttling is simulated.
 * @param {string} url
 * @param {{ runs?: number, extraHeaders?: Record<string, string>,
 *   onRun?: (i: number, figures: RunFigures, lhr: LighthouseResult, quiet?: { share: number, figures: RunFigures }) => void }} [options]
 * @returns {Promise<LighthouseRuns>}
 */
export async function runLighthouse(url, { runs = 5, extraHeaders, onRun } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // The proxy's certificate is Caddy's own for localhost (scripts/lib/start-caddy.mjs).
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--ignore-certificate-errors"],
  });
  try {
    // "simulate" (Lighthouse's default: the page loads at full speed and slow 4G is computed from
    // its trace) or "devtools" (slow 4G applied to the real load); LIGHTHOUSE_THROTTLING.
    const simulated = process.env.LIGHTHOUSE_THROTTLING !== "devtools";
    /** @type {import("lighthouse").Flags} */
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      formFactor: "mobile",
      throttlingMethod: simulated ? "simulate" : "devtools",
      onlyCategories: CATEGORIES,
      ...(extraHeaders ? { extraHeaders } : {}),
    };
    /** @type {{ figures: RunFigures, lhr: LighthouseResult, quiet?: { share: number, figures: RunFigures } }[]} */
    const results = [];
    for (let i = 0; i < runs; i++) {
      // The run's artifacts (its trace among them), for the audits at CPU time.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-run-"));
      try {
        /** @type {import("lighthouse").RunnerResult | undefined} */
        let run;
        for (let attempt = 1; ; attempt++) {
          run = await lighthouse(url, { ...flags, gatherMode: dir, auditMode: dir });
          if (!run) throw new Error("Lighthouse returned no result");
          // Lighthouse sometimes fails to record its own trace (NO_NAVSTART: "please run Lighthouse
          // again") and then scores performance 0: that is no measure of the page, so run it again.
          if (!run.lhr.runtimeError || attempt === MAX_ATTEMPTS) break;
          console.log(`run ${i + 1}: Lighthouse could not measure (${run.lhr.runtimeError.code}); running it again`);
        }
        const { lhr } = run;
        const figures = figuresOf(lhr);
        const quiet = simulated && !lhr.runtimeError ? await atQuietMachine(url, flags, dir, run.artifacts.Trace) : undefined;
        results.push({ figures, lhr, quiet });
        onRun?.(i, figures, lhr, quiet);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    // The run whose performance score is the median: its audits explain the figure.
    const perf = results.map((r) => r.figures.performance);
    const medianRun = results[perf.indexOf(median(perf))].lhr;
    const quietRuns = results.flatMap((r) => (r.quiet ? [r.quiet] : []));
    return {
      runs: results.map((r) => r.figures),
      median: medians(results.map((r) => r.figures)),
      medianRun,
      ...(quietRuns.length
        ? { quiet: { cpuShares: quietRuns.map((q) => q.share), runs: quietRuns.map((q) => q.figures), median: medians(quietRuns.map((q) => q.figures)) } }
        : {}),
    };
  } finally {
    await chrome.kill();
  }
}

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** @param {number} bytes */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * One line of figures: `performance 98, FCP 0.8 s, LCP 1.2 s, TBT 40 ms, CLS 0, JS before load 117.0 KB, transferred 160.2 KB`.
 * @param {RunFigures} f
 */
export function figuresLine(f) {
  return (
    `performance ${f.performance}, FCP ${seconds(f.fcp)}, LCP ${seconds(f.lcp)}, TBT ${Math.round(f.tbt)} ms, ` +
    `CLS ${Number(f.cls.toFixed(3))}, JS before load ${kb(f.jsBeforeLoad)}, transferred ${kb(f.totalBytes)}`
  );
}

/** @param {number} share */
const percent = (share) => `${Math.round(share * 100)}%`;

/**
 * The figures that make the performance score, as at CPU time.
 * @param {RunFigures} f
 */
const atCpuTimeLine = (f) =>
  `at CPU time, as on a quiet machine: performance ${f.performance}, FCP ${seconds(f.fcp)}, LCP ${seconds(f.lcp)}, ` +
  `TBT ${Math.round(f.tbt)} ms, CLS ${Number(f.cls.toFixed(3))}`;

/**
 * One run's share of its long tasks' time on a CPU, and its figures at CPU time.
 * @param {{ share: number, figures: RunFigures }} quiet
 */
export const quietRunLine = ({ share, figures }) => `main thread ran ${percent(share)} of its long tasks' time; ${atCpuTimeLine(figures)}`;

/**
 * How quiet the machine was over the runs, and the median figures at CPU time.
 * @param {NonNullable<LighthouseRuns["quiet"]>} quiet
 */
export const quietLine = ({ cpuShares, median: med }) =>
  `the page's main thread ran ${cpuShares.map(percent).join(", ")} of its long tasks' time (a quiet machine: about 100%); ${atCpuTimeLine(med)}`;

/**
 * Prints the median of each figure, the categories' runs and the audits under 90 of the median run.
 * @param {LighthouseRuns} result
 */
export function printLighthouse({ runs, median: med, medianRun, quiet }) {
  console.log(`median: ${figuresLine(med)}`);
  if (quiet) console.log(quietLine(quiet));
  for (const id of CATEGORIES) {
    console.log(`${id.padEnd(15)} ${String(med[id]).padStart(3)}   (runs: ${runs.map((r) => r[id]).join(", ")})`);
  }
  const failing = Object.values(medianRun.audits).filter(
    (a) => a.score !== null && a.score < 0.9 && !["informative", "manual", "notApplicable"].includes(a.scoreDisplayMode),
  );
  if (failing.length) console.log(`audits under 90: ${failing.map((a) => `${a.id} (${Math.round((a.score ?? 0) * 100)})`).join(", ")}`);
}
