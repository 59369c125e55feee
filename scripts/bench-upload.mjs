#!/usr/bin/env node
// @ts-check
// npm run bench:upload (after npm run build; BUILD_DIR picks another build folder)
//
// Starts the built server with a fresh database and uploads a 4 MB phone photo (12 MP, GPS
// EXIF, orientation 6) through the guests' path (POST /gallery, as the page's script does).
// Prints the server-side time to accept and process it, read from the answer's Server-Timing
// header (receive = read and parse the 4 MB body; process = decode, rotate, strip metadata,
// resize, encode web copy and thumbnail, write both, insert the row), the round trip seen by
// the client, and the server process's memory: resident size before, the peak sampled every
// 2 ms while uploading, and the kernel's high-water mark (VmHWM). Then the same with 4 uploads
// at once; then one 100 MB video (streamed to the store) and the memory it took (`--video`: that alone;
// `--photo`: without it). With the photos, the bytes of the thumbnail's AVIF and WebP copies
// (decision 0066) as stored, and the time their encodes take on the stored web copy.
import fs from "node:fs";
import sharp from "sharp";
import { startBuiltServer } from "./lib/start-server.mjs";

const RUNS = 7;
const TARGET = 4 * 1024 * 1024;

/** A 4032×3024 photo-like JPEG (gradient + grain) tuned to about 4 MB, with GPS and orientation. */
async function makePhoto() {
  const width = 4032;
  const height = 3024;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const grain = (rand() - 0.5) * 90;
      raw[i] = Math.max(0, Math.min(255, 120 + 100 * Math.sin(x / 300) + grain));
      raw[i + 1] = Math.max(0, Math.min(255, 110 + 80 * Math.cos(y / 250) + grain));
      raw[i + 2] = Math.max(0, Math.min(255, 90 + 60 * Math.sin((x + y) / 400) + grain));
    }
  }
  /** @type {Buffer | null} */
  let best = null;
  for (let quality = 98; quality >= 60; quality -= 1) {
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .withExif({
        IFD0: { Make: "Phone", Orientation: "6" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "8/1 58/1 20/1", GPSLongitudeRef: "W", GPSLongitude: "79/1 35/1 20/1" },
      })
      .jpeg({ quality })
      .toBuffer();
    best = jpeg;
    if (jpeg.length <= TARGET) break;
  }
  if (!best) throw new Error("no JPEG was made");
  return { bytes: best, width, height };
}

/**
 * @param {number} pid
 * @param {string} field
 */
function procStatus(pid, field) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
/** @param {number} n */
const mb = (n) => `${(n / 1048576).toFixed(0)} MB`;
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const photo = await makePhoto();
if (!process.argv.includes("--video"))
  console.log(`photo: ${(photo.bytes.length / 1048576).toFixed(2)} MB JPEG, ${photo.width}×${photo.height}, GPS EXIF, orientation 6`);

// One process, so the memory read is the one that receives the uploads.
const { base, pid, stop } = await startBuiltServer({
  RATE_LIMIT_UPLOADS: "1000",
  WEB_CONCURRENCY: "1",
  ...(process.env.BENCH_VIDEO_MB ? { GALLERY_VIDEO_MAX_MB: process.env.BENCH_VIDEO_MB } : {}),
});
const section = (await (await fetch(`${base}/api/gallery/sections`)).json()).find((/** @type {{ id: number, allow_upload: boolean }} */ s) => s.allow_upload);
if (!section) throw new Error("no section takes uploads");

async function upload() {
  const form = new FormData();
  form.set("sectionId", String(section.id));
  form.set("_js", "1");
  form.set("file", new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }), "bench.jpg");
  const started = performance.now();
  const res = await fetch(`${base}/gallery.data`, { method: "POST", body: form });
  await res.arrayBuffer();
  const roundTrip = performance.now() - started;
  // 202: the redirect to the section (a data request gets its redirect as 202 under single fetch).
  if (res.status !== 200 && res.status !== 202) throw new Error(`upload answered ${res.status}`);
  const timing = Object.fromEntries(
    (res.headers.get("Server-Timing") ?? "").split(",").map((m) => {
      const [name, dur] = m.trim().split(";dur=");
      return [name, Number(dur)];
    }),
  );
  if (!("process" in timing)) throw new Error("no Server-Timing header in the answer");
  return { roundTrip, receive: timing.receive, process: timing.process };
}

/**
 * @template T
 * @param {string} label
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function measure(label, fn) {
  const before = procStatus(pid, "VmRSS");
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, procStatus(pid, "VmRSS"))), 2);
  const result = await fn();
  clearInterval(sampler);
  peak = Math.max(peak, procStatus(pid, "VmRSS"));
  console.log(`${label} memory: ${mb(before)} resident before, peak ${mb(peak)} (+${mb(peak - before)}), high-water mark ${mb(procStatus(pid, "VmHWM"))}`);
  return result;
}

// `--video`: only the video's part.
if (!process.argv.includes("--video")) {
  await upload(); // warm-up: first request loads the route modules and sharp
  const runs = await measure("one at a time,", async () => {
    const out = [];
    for (let i = 0; i < RUNS; i++) out.push(await upload());
    return out;
  });
  /** @param {"roundTrip" | "receive" | "process"} key */
  const fmt = (key) =>
    `median ${median(runs.map((r) => r[key])).toFixed(0)} ms (min ${Math.min(...runs.map((r) => r[key])).toFixed(0)}, max ${Math.max(...runs.map((r) => r[key])).toFixed(0)})`;
  console.log(`server, receive + parse body:      ${fmt("receive")}`);
  console.log(`server, decode → store → row:      ${fmt("process")}`);
  const total = runs.map((r) => r.receive + r.process);
  console.log(`server, accept and process total:  median ${median(total).toFixed(0)} ms`);
  console.log(`client round trip (loopback):      ${fmt("roundTrip")}   [${RUNS} uploads after one warm-up]`);

  const parallel = await measure("4 at once,", async () => {
    const started = performance.now();
    const out = await Promise.all(Array.from({ length: 4 }, upload));
    return { wall: performance.now() - started, out };
  });
  console.log(`4 at once: all done in ${parallel.wall.toFixed(0)} ms; server process ${parallel.out.map((r) => r.process.toFixed(0)).join(", ")} ms`);
  await thumbnailCopies();
}

/**
 * The last photo's thumbnail and its AVIF and WebP copies as the server stores them (their bytes,
 * from HEAD), and how long the copies' encodes take: the same operations as the pipeline's
 * renderVariants (app/infra/image.server.ts: clones of one pipeline on the web copy; AVIF quality
 * 50 effort 3, WebP 70), timed here on the stored web copy, the median of RUNS.
 */
async function thumbnailCopies() {
  const listed = await (await fetch(`${base}/api/gallery/sections`)).json();
  /** @type {{ public_url: string, thumbnail_url: string }} */
  const last = listed.find((/** @type {{ id: number }} */ s) => s.id === section.id).media.at(-1);
  /** @param {string} url */
  const bytesOf = async (url) => Number((await fetch(new URL(url, base), { method: "HEAD" })).headers.get("content-length"));
  const thumb = await bytesOf(last.thumbnail_url);
  const sizes = [];
  for (const width of [240, 480])
    for (const format of ["avif", "webp"])
      sizes.push(`${format} ${width}: ${(await bytesOf(last.thumbnail_url.replace(/-thumb\.[a-z]+$/, `-thumb-${width}.${format}`))) / 1000} kB`);
  console.log(`thumbnail (JPEG, 480 px): ${thumb / 1000} kB; its copies: ${sizes.join(", ")}`);
  const web = Buffer.from(await (await fetch(new URL(last.public_url, base))).arrayBuffer());
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const source = sharp(web);
    for (const width of [240, 480]) {
      await source.clone().resize({ width, withoutEnlargement: true }).avif({ quality: 50, effort: 3 }).toBuffer();
      await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
    }
    times.push(performance.now() - started);
  }
  console.log(
    `the four copies' encodes: median ${median(times).toFixed(0)} ms per photo (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
  );
}

/**
 * A guest's video at the default GALLERY_VIDEO_MAX_MB (100 MB): an MP4 header declaring 30 s and
 * filler for its media data (the server never decodes a video, it streams it to the store).
 */
function makeVideo(bytes = Number(process.env.BENCH_VIDEO_MB ?? 100) * 1048576 - 4096) {
  /** @param {string} type @param {Buffer[]} content */
  const box = (type, ...content) => {
    const body = Buffer.concat(content);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length, 0);
    header.write(type, 4, "latin1");
    return Buffer.concat([header, body]);
  };
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(30_000, 16);
  const head = Buffer.concat([box("ftyp", Buffer.from("isom\0\0\0\0isomavc1", "latin1")), box("moov", box("mvhd", mvhd))]);
  return Buffer.concat([head, box("mdat", Buffer.alloc(bytes - head.length - 8, 0x5a))]);
}
if (process.argv.includes("--photo")) {
  stop();
  process.exit(0);
}
const video = makeVideo();
const sent = await measure(`one ${mb(video.length)} video,`, async () => {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(video)], { type: "video/mp4" }), "bench.mp4");
  const started = performance.now();
  const res = await fetch(`${base}/api/gallery/sections/${section.id}/media`, { method: "POST", body: form });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
});
console.log(`the video: answered ${sent.status} in ${sent.ms.toFixed(0)} ms (streamed to the store, never held whole)`);
stop();
process.exit(0);
