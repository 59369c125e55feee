#!/usr/bin/env node
// @ts-check
// npm run bench:slideshow — what open slideshows cost the server while nothing changes (the goal,
// decision 0032: 30 connected screens cost the server almost nothing). Starts the built server with the
// production settings (the cluster's workers, the page cache) and a wedding's worth of public
// photos and wishes, then measures the server's CPU (every process: /proc) over BENCH_SECONDS
// (default 60) for each case, printed per minute:
//   1. idle, no screen open (the server's own timers);
//   2. SLIDESHOW_CLIENTS (default 30) screens polling /slideshow.json every SLIDESHOW_POLL_MS
//      with their ETag (what the page does, decision 0032): each poll is a 304;
//   3. what Server-Sent Events could at best cost instead: each worker checking the store for a
//      change as often (one check per worker per interval, measured as that many pollers),
//      before any cost of holding the 30 connections open and their keep-alive messages.
// The photos themselves are fetched once per screen and then come from the browser's cache
// (Cache-Control on /uploads), so they are not part of the idle cost.
import os from "node:os";
import Database from "better-sqlite3";
import { serverCpuMs } from "./lib/memory.mjs";
import { startBuiltServer } from "./lib/start-server.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const clients = Number(process.env.SLIDESHOW_CLIENTS ?? 30);
const photos = Number(process.env.SLIDESHOW_PHOTOS ?? 300);
const wishes = Number(process.env.SLIDESHOW_WISHES ?? 40);
// The page's own interval (app/lib/slideshow.ts SLIDESHOW_POLL_MS).
const pollMs = 5000;
const workers = Number(process.env.WEB_CONCURRENCY ?? os.cpus().length);

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
console.log(`load average before: ${load()} (${os.cpus().length} CPUs); ${seconds} s per case, ${workers} workers`);

const { base, stop, pid, databasePath } = await startBuiltServer({ WEB_CONCURRENCY: String(workers), SEED_DEMO_DATA: "0" });

// A wedding's worth: photos in two active sections, published wishes.
const sqlite = new Database(databasePath);
sqlite.pragma("busy_timeout = 5000");
const insertSection = sqlite.prepare('INSERT INTO gallery_sections (name, "order", allow_upload, is_active) VALUES (?, ?, 1, 1)');
const sections = [insertSection.run("Ceremonia", 1).lastInsertRowid, insertSection.run("Recepción", 2).lastInsertRowid];
const insertMedia = sqlite.prepare(
  "INSERT INTO media (section_id, type, file_path, public_url, name, size, width, height, uploader_name, published_at) VALUES (?, 'IMAGE', ?, ?, ?, 250000, 1600, 1200, ?, ?)",
);
const insertWish = sqlite.prepare("INSERT INTO wishes (name, message, status, published_at) VALUES (?, ?, 'published', ?)");
sqlite.transaction(() => {
  for (let i = 0; i < photos; i++) {
    const section = sections[i % 2];
    const file = `${section}/1764000000${String(i).padStart(3, "0")}-abcdef.jpg`;
    insertMedia.run(section, file, `/uploads/${file}`, `foto-${i}.jpg`, i % 3 ? `Invitado ${i}` : null, new Date(Date.now() - i * 60_000).toISOString());
  }
  for (let i = 0; i < wishes; i++)
    insertWish.run(`Invitada ${i}`, "¡Felicidades! Que vivan los novios y que esta noche no se acabe nunca.", new Date().toISOString());
})();
sqlite.close();

const first = await fetch(`${base}/slideshow.json`);
const body = await first.text();
console.log(`feed: ${photos} photos, ${wishes} wishes, ${(body.length / 1024).toFixed(1)} KiB per full answer`);

/**
 * `count` screens polling as the page does, staggered over one interval; counts answers by status.
 * @param {number} count
 */
function pollers(count) {
  /** @type {Record<string, number>} */
  const statuses = {};
  /** @type {NodeJS.Timeout[]} */
  const timers = [];
  for (let i = 0; i < count; i++) {
    /** @type {string | null} */
    let etag = null;
    const poll = async () => {
      try {
        const response = await fetch(`${base}/slideshow.json`, { headers: etag ? { "If-None-Match": etag } : {} });
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status === 200) etag = response.headers.get("ETag");
        await response.arrayBuffer();
      } catch {
        statuses.error = (statuses.error ?? 0) + 1;
      }
    };
    timers.push(
      setTimeout(
        () => {
          void poll();
          timers.push(setInterval(() => void poll(), pollMs));
        },
        (pollMs * i) / count,
      ),
    );
  }
  return {
    statuses,
    stop: () => timers.forEach((t) => (clearTimeout(t), clearInterval(t))),
  };
}

/**
 * @param {string} label
 * @param {number} count
 */
async function measure(label, count) {
  const run = count > 0 ? pollers(count) : null;
  // One interval to settle (every screen has its ETag), then the measured window.
  await new Promise((r) => setTimeout(r, pollMs + 500));
  const before = serverCpuMs(pid);
  const started = Date.now();
  /** @type {Record<string, number>} */
  const statusesBefore = { ...(run?.statuses ?? {}) };
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const cpu = serverCpuMs(pid) - before;
  const elapsed = (Date.now() - started) / 1000;
  run?.stop();
  const answered = Object.fromEntries(Object.entries(run?.statuses ?? {}).map(([k, v]) => [k, v - (statusesBefore[k] ?? 0)]));
  const requests = Object.values(answered).reduce((a, b) => a + b, 0);
  const perMinute = (cpu / elapsed) * 60;
  console.log(
    `${label.padEnd(44)} server CPU ${(perMinute / 1000).toFixed(2).padStart(6)} s/min (${((perMinute / 60_000) * 100).toFixed(2)}% of one core)` +
      (requests ? `  ${((requests / elapsed) * 60).toFixed(0)} requests/min, ${(cpu / requests).toFixed(2)} ms each  ${JSON.stringify(answered)}` : ""),
  );
  return perMinute;
}

const idle = await measure("1. idle, no screen", 0);
const polling = await measure(`2. ${clients} screens polling every ${pollMs / 1000} s (ETag)`, clients);
const sse = await measure(`3. SSE at best: ${workers} change checks per ${pollMs / 1000} s`, workers);
console.log(
  `slideshow idle cost with ${clients} screens: ${((polling - idle) / 1000).toFixed(2)} s of CPU per minute above idle` +
    ` (SSE's change checks alone: ${((sse - idle) / 1000).toFixed(2)} s/min)`,
);
console.log(`load average after: ${load()}`);
stop();
process.exit(0);
