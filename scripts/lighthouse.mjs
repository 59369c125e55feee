#!/usr/bin/env node
// @ts-check
// npm run lighthouse — Lighthouse mobile (simulated slow 4G), 5 runs of each page and their
// medians, against the targets; exits 1 naming each page and figure that misses one.
// Builds nothing: run `npm run build` first. Starts the built server on a free port with a fresh
// database and dates in the future (the invitation season: countdown and RSVP button), runs the
// installed Lighthouse against Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH), offline.
// The pages:
//   /          a first visitor;
//   /confirm   a guest with their code stored, as after opening their link /i/{code} (an invitation
//              made through /api; its cookie is sent with every request of the run);
//   /gallery   500 photos in 5 sections, uploaded through the real upload (/api, the couple's
//              photos are published at once), so their thumbnails and copies are the pipeline's own.
// The pages are measured on the Node server itself (plain HTTP/1.1 on loopback, as the targets were
// set). LIGHTHOUSE_VIA=caddy measures them as a deployment serves them instead: through Caddy with
// deploy/Caddyfile's proxy (HTTPS, so HTTP/2: a page's scripts share one connection rather than
// waiting their turn on six). Needs Debian's caddy.
// Prints the load average too: the scores move with what else the machine runs. And for each run,
// how much of its long tasks' time the page's main thread spent on a CPU, with Lighthouse's figures
// for the same run at CPU time: an estimate of a quiet machine, which the targets assume
// (scripts/lib/cpu-time.mjs). Only the measured figures are checked against the targets.
//
//   RUNS=5 LIGHTHOUSE_PATH=/gallery npm run lighthouse     (one page; RUNS runs)
// LIGHTHOUSE_THROTTLING=devtools applies slow 4G to the real load instead of simulating it (a
// cross-check: the targets are for the simulation).
// The median run's report of each page is written to the system's temporary folder (printed), and
// each run's beside it (lighthouse-home-run-1.json ...).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedGallery } from "./lib/seed-gallery.mjs";
import { startCaddy } from "./lib/start-caddy.mjs";
import { startBuiltServer } from "./lib/start-server.mjs";
import { figuresLine, kb, printLighthouse, quietLine, quietRunLine, runLighthouse } from "./lib/lighthouse.mjs";

const runs = Number(process.env.RUNS ?? 5);
const TOKEN = "lighthouse-admin-api-token-0123456789";
const SECTIONS = 5;
const PHOTOS_PER_SECTION = 100;

/** Every page's targets (the median of the runs): performance score, FCP in ms, CLS; the gallery's bytes too. */
const TARGETS = { performance: 98, fcp: 1500, cls: 0 };
/** @type {Record<string, { totalBytes?: number }>} */
const PAGE_TARGETS = { "/gallery": { totalBytes: 400 * 1024 } };

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

const server = await startBuiltServer({
  WEDDING_DATE: "2031-01-17T16:00:00-05:00",
  RSVP_DEADLINE: "2030-12-17T23:59:59-05:00",
  ADMIN_API_TOKEN: TOKEN,
  // The 500 photos come from this one client.
  RATE_LIMIT_UPLOADS: "100000",
});

const proxy = process.env.LIGHTHOUSE_VIA === "caddy" ? await startCaddy(server.base) : null;
/** Where the browser asks for the pages: Caddy's HTTPS address, or the server's own. */
const pageBase = proxy?.base ?? server.base;
console.log(proxy ? `measured through Caddy: ${pageBase} (HTTPS, HTTP/2) → ${server.base}` : `measured on the Node server itself: ${pageBase} (HTTP/1.1)`);

/**
 * An admin call through /api; throws unless it answers `status`.
 * @param {string} path
 * @param {number} status
 * @param {RequestInit} [init]
 */
async function api(path, status, init = {}) {
  const response = await fetch(`${server.base}/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json", ...init.headers },
  });
  if (response.status !== status) throw new Error(`${init.method ?? "GET"} /api${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.json();
}

/** The cookie a guest's browser keeps after opening their personal link /i/{code}. */
async function guestCookie() {
  const invitation = await api("/invitations", 201, { method: "POST", body: JSON.stringify({ primaryGuest: "Familia Lighthouse", maxGuests: 3 }) });
  const opened = await fetch(`${server.base}/i/${invitation.code}`, { redirect: "manual" });
  const cookie = opened.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (opened.status !== 302 || !cookie) throw new Error(`/i/{code} answered ${opened.status} without a cookie`);
  return cookie;
}

/** 500 photos in 5 new sections through the gallery's real upload (decision 0066's copies too); the demo's sections hidden. */
async function fillGallery() {
  const started = performance.now();
  for (const section of await api("/gallery/sections", 200)) {
    await api(`/gallery/sections/${section.id}`, 200, { method: "PUT", body: JSON.stringify({ is_active: false }) });
  }
  await seedGallery(server.base, TOKEN, { sections: SECTIONS, perSection: PHOTOS_PER_SECTION, width: 800, height: 600 });
  console.log(`gallery: ${SECTIONS * PHOTOS_PER_SECTION} photos in ${SECTIONS} sections, uploaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** @type {{ path: string, headers?: () => Promise<Record<string, string>>, seed?: () => Promise<void> }[]} */
const PAGES = [{ path: "/" }, { path: "/confirm", headers: async () => ({ Cookie: await guestCookie() }) }, { path: "/gallery", seed: fillGallery }];

const only = process.env.LIGHTHOUSE_PATH;
const pages = only ? (PAGES.find((p) => p.path === only) ? PAGES.filter((p) => p.path === only) : [{ path: only }]) : PAGES;

/** Where a page's report goes: `lighthouse-home.json` (the median run), `lighthouse-home-run-2.json`. */
const reportPath = (/** @type {string} */ page, suffix = "") =>
  path.join(os.tmpdir(), `lighthouse${page === "/" ? "-home" : page.replaceAll("/", "-")}${suffix}.json`);

/** @type {{ path: string, line: string, misses: string[], quiet?: string }[]} */
const summary = [];
try {
  for (const page of pages) {
    await page.seed?.();
    const extraHeaders = await page.headers?.();
    // One request first, so the first run does not measure the server's cold start.
    await fetch(`${server.base}${page.path}`, { headers: extraHeaders });
    console.log(`\nLighthouse, mobile, ${runs} runs of ${page.path} — load average before: ${load()} (${os.cpus().length} CPUs)`);
    const result = await runLighthouse(`${pageBase}${page.path}`, {
      runs,
      extraHeaders,
      onRun: (i, f, lhr, quiet) => {
        console.log(`run ${i + 1}: ${figuresLine(f)}   (load ${load()})`);
        if (quiet) console.log(`       ${quietRunLine(quiet)}`);
        fs.writeFileSync(reportPath(page.path, `-run-${i + 1}`), JSON.stringify(lhr));
      },
    });
    printLighthouse(result);
    // The median run's whole report (its trace's filmstrip, each audit's details) for a closer look.
    const report = reportPath(page.path);
    fs.writeFileSync(report, JSON.stringify(result.medianRun));
    console.log(`median run's report: ${report}`);
    console.log(`load average after: ${load()}`);
    const med = result.median;
    const targets = { ...TARGETS, ...PAGE_TARGETS[page.path] };
    /** @type {string[]} */
    const misses = [];
    if (med.performance < targets.performance) misses.push(`performance ${med.performance} < ${targets.performance}`);
    if (med.fcp > targets.fcp) misses.push(`FCP ${(med.fcp / 1000).toFixed(2)} s > ${targets.fcp / 1000} s`);
    if (med.cls > targets.cls) misses.push(`CLS ${Number(med.cls.toFixed(4))} > ${targets.cls}`);
    if (targets.totalBytes !== undefined && med.totalBytes > targets.totalBytes) misses.push(`transferred ${kb(med.totalBytes)} > ${kb(targets.totalBytes)}`);
    summary.push({ path: page.path, line: figuresLine(med), misses, quiet: result.quiet && quietLine(result.quiet) });
  }
} finally {
  proxy?.stop();
  server.stop();
}

console.log(
  `\nmedians of ${runs} runs (targets: performance ≥ ${TARGETS.performance}, FCP ≤ ${TARGETS.fcp / 1000} s, CLS ${TARGETS.cls}; /gallery transfers ≤ 400 KB):`,
);
for (const s of summary) {
  console.log(`${s.path.padEnd(9)} ${s.line}${s.misses.length ? `   MISSED: ${s.misses.join("; ")}` : "   ok"}`);
  if (s.quiet) console.log(`${"".padEnd(9)} ${s.quiet}`);
}
const missed = summary.filter((s) => s.misses.length);
if (missed.length) {
  console.error(`\nTargets missed on ${missed.map((s) => s.path).join(", ")}.`);
  process.exit(1);
}
process.exit(0);
