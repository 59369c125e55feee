#!/usr/bin/env node
// @ts-check
// node scripts/bench-zip.mjs (after npm run build; BUILD_DIR picks another build folder)
//
// 'Descargar todo' at the size: a section of 300 photos of about 5 MB each (1.5 GB),
// made once into the server's temporary UPLOADS_DIR, downloaded as /gallery/{id}.zip through
// the real server (page cache on, as in production). Prints the bytes received, the time, and
// the server process's memory: resident size before, the peak sampled every 5 ms while the ZIP
// streams, and the growth (the issue asks for under 100 MB). Then a slow phone (about 8 MB/s)
// for 8 seconds, then gone: memory must stay flat (backpressure) and its download slot freed.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { startBuiltServer } from "./lib/start-server.mjs";

const PHOTOS = Number(process.env.BENCH_ZIP_PHOTOS ?? 300);
const PHOTO_BYTES = 5 * 1000 * 1000;
const TOKEN = "bench-admin-api-token-0123456789";

/** @param {number} n */
const mb = (n) => `${(n / 1048576).toFixed(1)} MB`;
/** @param {number} pid */
function rss(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Samples the server's resident size until stopped; returns the peak.
 * @param {number} pid
 */
function sampleRss(pid) {
  let peak = rss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 5);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rss(pid));
  };
}

/** A JPEG-looking file of about 5 MB: a real JPEG header, then incompressible bytes (photos do not deflate either). */
function photoBytes() {
  const header = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([header, crypto.randomBytes(PHOTO_BYTES - header.length - 2), Buffer.from([0xff, 0xd9])]);
}

export async function benchZip() {
  const server = await startBuiltServer({ ADMIN_API_TOKEN: TOKEN, SEED_DEMO_DATA: "0", PAGE_CACHE_TTL_MS: "1000" });
  try {
    const created = await fetch(`${server.base}/api/gallery/sections`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Fiesta", is_active: true }),
    });
    if (created.status !== 201) throw new Error(`could not create the section: ${created.status} ${await created.text()}`);
    const sectionId = (await created.json()).id;

    // The photos, written once into the store, and their rows (as an upload would leave them).
    const folder = path.join(server.dir, "uploads", String(sectionId));
    fs.mkdirSync(folder, { recursive: true });
    const sqlite = new Database(server.databasePath);
    sqlite.pragma("busy_timeout = 5000");
    const insert = sqlite.prepare(
      "INSERT INTO media (section_id, type, file_path, public_url, name, size, width, height) VALUES (?, 'IMAGE', ?, ?, ?, ?, 4032, 3024)",
    );
    const made = Date.now();
    for (let i = 0; i < PHOTOS; i++) {
      const key = `${sectionId}/${made + i}-${crypto.randomBytes(6).toString("hex")}.jpg`;
      const bytes = photoBytes();
      fs.writeFileSync(path.join(server.dir, "uploads", key), bytes);
      // Phones name photos alike: every tenth name repeats, so the ZIP makes them unique.
      insert.run(sectionId, key, `/uploads/${key}`, i % 10 === 0 ? "IMG_0001.jpg" : `IMG_${String(i + 2).padStart(4, "0")}.jpg`, bytes.length);
    }
    sqlite.close();
    const total = PHOTOS * PHOTO_BYTES;
    console.log(`section: ${PHOTOS} photos, ${mb(total)} stored (made in ${((Date.now() - made) / 1000).toFixed(1)} s)`);

    // Making the photos took longer than the server keeps an idle connection: the client's pooled
    // one may have been closed under it, so a first request on a fresh one before measuring.
    await fetch(`${server.base}/healthz`).catch(() => fetch(`${server.base}/healthz`));

    // A fast client on the same machine.
    const before = rss(server.pid);
    const stopSampling = sampleRss(server.pid);
    const started = performance.now();
    const response = await fetch(`${server.base}/gallery/${sectionId}.zip`);
    if (response.status !== 200) throw new Error(`ZIP answered ${response.status}`);
    if (!response.body) throw new Error("the ZIP has no body");
    let received = 0;
    for await (const chunk of response.body) received += chunk.byteLength;
    const seconds = (performance.now() - started) / 1000;
    const peak = stopSampling();
    console.log(
      `GET /gallery/${sectionId}.zip: ${mb(received)} in ${seconds.toFixed(1)} s (${mb(received / seconds)}/s); ` +
        `server RSS before ${mb(before)}, peak ${mb(peak)}, growth ${mb(peak - before)}`,
    );
    if (received < total) throw new Error(`the ZIP is shorter than its photos: ${received} < ${total}`);

    // A slow phone: about 8 MB/s for 8 seconds, then it goes away.
    const slowBefore = rss(server.pid);
    const stopSlow = sampleRss(server.pid);
    const controller = new AbortController();
    const slow = await fetch(`${server.base}/gallery/${sectionId}.zip`, { signal: controller.signal });
    if (!slow.body) throw new Error("the ZIP has no body");
    const reader = slow.body.getReader();
    let slowBytes = 0;
    const until = Date.now() + 8000;
    while (Date.now() < until) {
      const { value, done } = await reader.read();
      if (done) break;
      slowBytes += value.byteLength;
      await new Promise((r) => setTimeout(r, (value.byteLength / (8 * 1048576)) * 1000));
    }
    controller.abort();
    await reader.cancel().catch(() => {});
    await new Promise((r) => setTimeout(r, 500));
    const slowPeak = stopSlow();
    console.log(
      `slow phone (8 MB/s for 8 s, then gone): ${mb(slowBytes)} received; server RSS before ${mb(slowBefore)}, peak ${mb(slowPeak)}, growth ${mb(slowPeak - slowBefore)}`,
    );

    // Its slot is free again: two more downloads at once (the per-client limit) are accepted.
    const again = await Promise.all([0, 1].map(() => fetch(`${server.base}/gallery/${sectionId}.zip`, { headers: { Range: "bytes=0-0" } })));
    console.log(`after the slow phone left, two new downloads answer ${again.map((r) => r.status).join(" and ")}`);
    await Promise.all(again.map((r) => r.body?.cancel()));
    return { bytes: received, seconds, growth: peak - before, slowGrowth: slowPeak - slowBefore };
  } finally {
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchZip();
  const limit = 100 * 1048576;
  if (result.growth >= limit || result.slowGrowth >= limit) {
    console.error("The server's memory grew by 100 MB or more while streaming the ZIP.");
    process.exit(1);
  }
  process.exit(0);
}
