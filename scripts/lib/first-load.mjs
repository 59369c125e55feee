// @ts-check
// The home page's first-load JavaScript, by chunk, from a production build: the files the
// server build's asset manifest lists for the entry, the root route and the index route —
// exactly what / preloads. Shared by `npm run size` and `npm run bench`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** @typedef {{ file: string, raw: number, gz: number }} ChunkSize */

/** @param {Buffer} buf */
export const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
/** @param {number} n */
export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * { js: [{ file, raw, gz }], css: [...] } sorted by gzip size, largest first.
 * @param {string} buildDir
 * @returns {Promise<{ js: ChunkSize[], css: ChunkSize[] }>}
 */
export async function firstLoadFiles(buildDir) {
  process.env.NODE_ENV = "production";
  const { assets } = await import(path.join(buildDir, "server", "index.js"));
  const js = new Set([assets.entry.module, ...assets.entry.imports]);
  /** @type {Set<string>} */
  const css = new Set();
  for (const id of ["root", "routes/_index"]) {
    const route = assets.routes[id];
    js.add(route.module);
    for (const f of route.imports ?? []) js.add(f);
    for (const f of route.css ?? []) css.add(f);
  }
  /** @param {Set<string>} files */
  const sizes = (files) =>
    [...files]
      .map((f) => {
        const buf = fs.readFileSync(path.join(buildDir, "client", f));
        return { file: f, raw: buf.length, gz: gzipSize(buf) };
      })
      .sort((a, b) => b.gz - a.gz);
  return { js: sizes(js), css: sizes(css) };
}

/**
 * @param {ChunkSize[]} list
 * @param {"raw" | "gz"} k
 */
export const sum = (list, k) => list.reduce((n, f) => n + f[k], 0);

/**
 * Prints each JS chunk (gzip, raw) and returns the gzip total.
 * @param {ChunkSize[]} js
 */
export function printJsByChunk(js) {
  for (const f of js) console.log(`  ${kb(f.gz).padStart(9)}  ${kb(f.raw).padStart(9)} raw  ${f.file}`);
  return sum(js, "gz");
}

/**
 * What `/` loads right after hydration: the JavaScript files a real browser (headless Chromium,
 * /usr/bin/chromium or CHROMIUM_PATH) requests for the page, minus the first load (`firstJs`),
 * sizes from the build. Since decision 0014's lazy hydration was withdrawn there are none; a chunk
 * listed here is not in what `/` preloads, but a cost of every visit too.
 * Returns [{ file, raw, gz }] largest first, or null with the reason when no browser could run.
 * @param {string} base
 * @param {string} buildDir
 * @param {ChunkSize[]} firstJs
 * @returns {Promise<ChunkSize[] | { reason: string }>}
 */
export async function loadedAfterHydration(base, buildDir, firstJs) {
  let browser;
  try {
    const { chromium } = await import("@playwright/test");
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
    const page = await browser.newPage();
    /** @type {Set<string>} */
    const requested = new Set();
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (r.resourceType() === "script" || pathname.endsWith(".js")) requested.add(pathname);
    });
    await page.goto(`${base}/`, { waitUntil: "networkidle" });
    const first = new Set(firstJs.map((f) => f.file));
    return [...requested]
      .filter((f) => !first.has(f) && fs.existsSync(path.join(buildDir, "client", f)))
      .map((f) => {
        const buf = fs.readFileSync(path.join(buildDir, "client", f));
        return { file: f, raw: buf.length, gz: gzipSize(buf) };
      })
      .sort((a, b) => b.gz - a.gz);
  } catch (error) {
    return { reason: error instanceof Error ? error.message.split("\n")[0] : String(error) };
  } finally {
    await browser?.close();
  }
}

/**
 * Prints the "loaded after hydration" line (and its chunks) for the result of loadedAfterHydration.
 * @param {ChunkSize[] | { reason: string }} after
 */
export function printAfterHydration(after) {
  if (!Array.isArray(after)) {
    console.log(`loaded after hydration: not measured (${after.reason})`);
    return;
  }
  console.log(
    `loaded after hydration: ${kb(sum(after, "gz"))} gzip (${kb(sum(after, "raw"))} raw) in ${after.length} files — not preloaded, requested by the page itself`,
  );
  printJsByChunk(after);
}
