#!/usr/bin/env node
// npm run bench — performance figures for this machine (not part of npm test).
// Starts the built server on a free port with a fresh database, then prints:
//  1. home page SSR requests/s and p50/p99 latency at 50 connections, next to the same server's
//     static-asset requests/s (the ratio is the figure we track), and the same page on a server
//     with the page cache off (every request rendered);
//  2. confirmation throughput: 500 different invitations confirmed concurrently (and checked);
//  3. the home page's first-load JavaScript by chunk (gzip bytes), its inline CSS and HTML size;
//  4. Lighthouse scores for / on mobile, median of 5 runs (`npm run lighthouse` runs only this).
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { firstLoadFiles, gzipSize, kb, printJsByChunk } from "./lib/first-load.mjs";
import { printLighthouse, runLighthouse } from "./lib/lighthouse.mjs";
import { startBuiltServer } from "./lib/start-server.mjs";

const { base, stop, databasePath } = await startBuiltServer({
  RSVP_DEADLINE: "2030-12-17T23:59:59-05:00",
  WEDDING_DATE: "2031-01-17T16:00:00-05:00",
  RATE_LIMIT_CODE_ATTEMPTS: "100000",
});

const run = (opts) =>
  new Promise((resolve, reject) => autocannon({ connections: 50, duration: 10, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));

// Warm up.
await run({ url: `${base}/`, duration: 2 });

const html = await (await fetch(`${base}/`)).text();
const asset = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])[0];

console.log("== Home page SSR vs static asset (50 connections, 10 s each) ==");
const ssr = await run({ url: `${base}/` });
const stat = await run({ url: `${base}${asset}` });
const line = (name, r) =>
  `${name.padEnd(14)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
// The same page with the one-second page cache off: every request renders (decision 0007).
const uncachedServer = await startBuiltServer({
  RSVP_DEADLINE: "2030-12-17T23:59:59-05:00",
  WEDDING_DATE: "2031-01-17T16:00:00-05:00",
  PAGE_CACHE_TTL_MS: "0",
});
await run({ url: `${uncachedServer.base}/`, duration: 2 });
const rendered = await run({ url: `${uncachedServer.base}/` });
uncachedServer.stop();
console.log(line("/ (SSR)", ssr));
console.log(line("static asset", stat));
console.log(line("/ (no cache)", rendered));
console.log(
  `SSR / static ratio: ${(ssr.requests.average / stat.requests.average).toFixed(3)} (every request rendered: ${(rendered.requests.average / stat.requests.average).toFixed(3)})`,
);

console.log("\n== Confirmations: 500 invitations confirmed concurrently ==");
const sqlite = new Database(databasePath);
sqlite.pragma("busy_timeout = 5000");
const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const codes = [];
const insert = sqlite.prepare("INSERT INTO invitations (code, primary_guest, max_guests) VALUES (?, ?, 2)");
sqlite.transaction(() => {
  for (let i = 0; i < 500; i++) {
    let code = "";
    for (let j = 0; j < 6; j++) code += alphabet[Math.floor(Math.random() * alphabet.length)];
    code = code.slice(0, 2) + alphabet[i % alphabet.length] + code.slice(3);
    codes.push(code);
    insert.run(code, `Bench Guest ${i}`);
  }
})();
const confirmOne = async (code, i) => {
  const verify = await fetch(`${base}/confirm`, { method: "POST", body: new URLSearchParams({ intent: "verify", code }), redirect: "manual" });
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${base}/confirm`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({ intent: "confirm", "guests[0]": `Bench Extra ${i}` }),
    redirect: "manual",
  });
  if (res.status !== 302) failures.push(`${verify.status}/${res.status}`);
  return res.status === 302;
};
const failures = [];
const started = performance.now();
const results = await Promise.allSettled(codes.map(confirmOne));
const seconds = (performance.now() - started) / 1000;
const ok = results.filter((r) => r.status === "fulfilled" && r.value).length;
const confirmed = sqlite.prepare("SELECT count(*) AS n FROM invitations WHERE confirmed = 1").get().n;
const guests = sqlite.prepare("SELECT count(*) AS n FROM guests").get().n;
sqlite.close();
if (failures.length) console.log(`failures (verify/confirm status): ${[...new Set(failures)].join(", ")}`);
console.log(
  `${ok}/500 answered with success in ${seconds.toFixed(2)} s (${(500 / seconds).toFixed(0)} confirmations/s); stored: ${confirmed} confirmed, ${guests} guests (expected 500, 1000)`,
);

console.log("\n== Home page first load (JavaScript by chunk, from the build's manifest) ==");
const gz = gzipSize;
const { js: jsChunks } = await firstLoadFiles(path.resolve(process.env.BUILD_DIR ?? "build"));
const js = printJsByChunk(jsChunks);
console.log(`JS  ${kb(js)} gzip in ${jsChunks.length} files (\`npm run size\` checks the budget)`);
// The site's and the home page's CSS are inlined in <style> tags (no render-blocking request),
// so they count as first-load CSS too.
const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
const inlineCssGz = inlineCss ? gz(Buffer.from(inlineCss)) : 0;
console.log(`CSS ${kb(inlineCssGz)} gzip inline in the HTML (budget 30 KB)`);
console.log(`HTML ${kb(Buffer.byteLength(html))} (${kb(gz(Buffer.from(html)))} gzip)`);

console.log("\n== Lighthouse (mobile, 5 runs, offline, Debian Chromium) ==");
try {
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
  printLighthouse(await runLighthouse(`${base}/`, { runs: 5 }));
} catch (error) {
  console.log(`skipped: ${error.message}`);
}

stop();
process.exit(0);
