#!/usr/bin/env node
// @ts-check
// node scripts/bench-peaks.mjs (after npm run build; BUILD_DIR picks another build folder)
//
// The V8 heap of each worker during the heaviest legitimate requests, to choose the
// workers' heap limits (WORKER_HEAP in server/cluster-mode.mjs, docs/decisions/0026-*): the built
// server with the production settings (WEB_CONCURRENCY=2, the page cache) but a roomy old space
// (node's own --max-old-space-size=1024 wins over WORKER_HEAP) so the peaks are seen, not cut. Each worker's
// GC trace (--trace-gc) gives its heap before every collection (an upper bound: garbage included)
// and after it (what was still alive); /proc gives the server's memory. Scenarios, one after
// another: an import of 1,000 rows (preview, then create), the print sheet of 2,000 invitations,
// 20 photo uploads of 5 MB at once, 4 ZIP downloads at once, all of these together, then the
// attacks (200,000 tiny rows to the import, 4 print sheets of 2,600 at once).
import { serverMemory } from "./lib/memory.mjs";
import { startBuiltServer } from "./lib/start-server.mjs";
import * as work from "./lib/heavy-work.mjs";

// "[pid:0x…]   1234 ms: Scavenge 10.2 (12.3) -> 9.8 (13.1) MB, …" (Mark-Compact, Scavenge (interleaved), …)
const GC_LINE = /^\[(\d+):0x[0-9a-f]+\]\s+\d+ ms: ([A-Za-z-]+)[^\d]*([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;

/** Each process's highest heap before and after a collection, since the last reset. */
/** @type {Map<number, { before: number, after: number }>} */
const peaks = new Map();
let pending = "";
/** @param {string} text */
function onStdout(text) {
  const lines = (pending + text).split("\n");
  pending = lines.pop() ?? "";
  for (const line of lines) {
    const match = GC_LINE.exec(line);
    if (!match) continue;
    const pid = Number(match[1]);
    const peak = peaks.get(pid) ?? { before: 0, after: 0 };
    peak.before = Math.max(peak.before, Number(match[3]));
    peak.after = Math.max(peak.after, Number(match[5]));
    peaks.set(pid, peak);
  }
}

const server = await startBuiltServer(
  { ...work.HEAVY_WORK_ENV, WEB_CONCURRENCY: "2", PAGE_CACHE_TTL_MS: "1000" },
  // The primary's flags are its workers' (server/primary.mjs); NODE_OPTIONS may not carry --trace-gc.
  { onStdout, execArgv: ["--trace-gc", "--max-old-space-size=1024"] },
);

/** @typedef {{ name: string, seconds: number, before: number, after: number, both: number, rss: number, note?: string }} Row */
/** @type {Row[]} */
const rows = [];
/**
 * Runs one scenario, sampling the server's memory every 20 ms; records its peaks.
 * @param {string} name
 * @param {() => Promise<string | void>} run
 */
async function scenario(name, run) {
  peaks.clear();
  let rss = 0;
  const timer = setInterval(() => (rss = Math.max(rss, serverMemory(server.pid).rssMb)), 20);
  const started = performance.now();
  const note = await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  // The last collections' lines reach us a moment later.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const workers = [...peaks.entries()].filter(([pid]) => pid !== server.pid);
  const before = Math.max(0, ...workers.map(([, p]) => p.before));
  const after = Math.max(0, ...workers.map(([, p]) => p.after));
  // Both workers' peaks added: the heap the work would need if it all landed on one worker.
  const both = workers.reduce((sum, [, p]) => sum + p.after, 0);
  rows.push({ name, seconds, before, after, both, rss, note: note ?? undefined });
  /** @param {number} value */
  const n = (value) => value.toFixed(0).padStart(4);
  console.log(
    `${name.padEnd(52)} ${seconds.toFixed(1).padStart(6)} s   heap before GC ${n(before)} MB   after GC ${n(after)} MB (both workers ${n(both)})   server RSS ${n(rss)} MB   ${note ?? ""}`,
  );
}

try {
  const cookie = await work.adminCookie(server.base);
  const photo = await work.phonePhoto();
  const sectionId = await work.createSection(server.base, "Fiesta");
  console.log(`photo: ${(photo.length / 1048576).toFixed(2)} MB, 4032 x 3024; workers: 2; old space allowed 1024 MB while measuring`);
  await new Promise((resolve) => setTimeout(resolve, 10_000)); // the workers settle after loading the app
  await scenario("idle (10 s after start)", async () => new Promise((resolve) => setTimeout(resolve, 1000)));

  await scenario("import 1,000 rows: preview, then create", async () => {
    const csv = work.invitationsCsv(1000, "Importada");
    return `statuses ${await work.importCsv(server.base, csv, { dryRun: true })}, ${await work.importCsv(server.base, csv, { dryRun: false })}`;
  });
  await work.createInvitations(server.base, 1000, "Más");
  await scenario("print sheet of 2,000 invitations (21 pages)", async () => `${await work.printSheet(server.base, cookie)} cards`);
  await scenario("20 photo uploads of 5 MB at once", () => work.uploadPhotos(server.base, sectionId, photo, 20));
  await scenario(
    "4 ZIP downloads at once (20 photos each)",
    async () => `${(await work.downloadZips(server.base, sectionId, 4)).map((b) => (b / 1048576).toFixed(0)).join(", ")} MB`,
  );
  await scenario("all together: import, 4 prints, 20 uploads, 4 ZIPs", async () => {
    await Promise.all([
      work.importCsv(server.base, work.invitationsCsv(1000, "Junta"), { dryRun: true }),
      ...Array.from({ length: 4 }, () => work.printSheet(server.base, cookie)),
      work.uploadPhotos(server.base, sectionId, photo, 20),
      work.downloadZips(server.base, sectionId, 4),
    ]);
  });
  await work.createInvitations(server.base, 600, "Ataque");
  await scenario("attacks: 200,000-row CSV, 4 prints of 2,600 at once", async () => {
    const { imported, printed } = await work.attacks(server.base, cookie, 4);
    return `import ${imported}, cards ${printed.join(", ")}`;
  });
} finally {
  server.stop();
}
/** @param {"before" | "after" | "both"} key */
const worst = (key) => Math.max(...rows.map((r) => r[key])).toFixed(0);
console.log(
  `\nhighest heap of one worker: ${worst("before")} MB before a collection, ${worst("after")} MB alive after it (both workers added: ${worst("both")} MB)`,
);
