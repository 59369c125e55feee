import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { serverMemory } from "../../scripts/lib/memory.mjs";
import { expect, startServer, test } from "./fixtures";

/**
 * Files streamed to clients that do not read them, under the production settings (two workers,
 * the page cache on): an attack held the whole hero video in memory for each such connection.
 * Process-level (its own server, its memory measured), so it runs once (JavaScript project).
 */
test.describe("streamed files and clients that do not read @js-only", () => {
  test.describe.configure({ mode: "serial" });
  const VIDEO_BYTES = 50 << 20;
  const IDLE_MS = 4000;
  let server: Awaited<ReturnType<typeof startServer>>;
  let video: Buffer;
  let videoPath: string;

  test.beforeAll(async () => {
    server = await startServer({
      NODE_ENV: "production",
      WEB_CONCURRENCY: "2",
      PAGE_CACHE_TTL_MS: "1000",
      LOG_REQUESTS: "1",
      // The idle cut-off shortened for the test (30 s otherwise).
      STREAM_IDLE_TIMEOUT_MS: String(IDLE_MS),
    });
    // A 50 MB MP4: its `ftyp` box (what the site checks), then bytes no one could compress.
    const ftyp = Buffer.alloc(32);
    ftyp.writeUInt32BE(32, 0);
    ftyp.write("ftypisom", 4, "latin1");
    ftyp.writeUInt32BE(512, 12);
    ftyp.write("isomiso2avc1mp41", 16, "latin1");
    video = Buffer.concat([ftyp, crypto.randomBytes(VIDEO_BYTES - ftyp.length)]);
    videoPath = path.join(server.dataDir, "boda.mp4");
    fs.writeFileSync(videoPath, video);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** The request log's lines for a request line so far. */
  const logLines = (request: string) =>
    server
      .output()
      .split("\n")
      .filter((line) => line.includes(request)).length;
  const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

  /** A raw connection that asks for a whole file by range and then reads nothing; `drain()` reads it again, to its end. */
  function neverReading(pathname = "/media/hero.mp4") {
    return new Promise<{ drain: () => Promise<number> }>((resolve, reject) => {
      const socket = net.connect(Number(new URL(server.baseURL).port), "127.0.0.1", () => {
        socket.pause();
        socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=0-\r\nConnection: close\r\n\r\n`);
        resolve({
          // Bytes received in all (headers and body) until the server closed the connection.
          drain: () =>
            new Promise<number>((done) => {
              let received = 0;
              socket.on("data", (chunk) => (received += chunk.length));
              socket.on("close", () => done(received));
              socket.resume();
            }),
        });
      });
      socket.on("error", () => undefined);
      socket.once("error", reject);
    });
  }

  test("20 connections that never read the hero video cost the server little memory, are cut off after the idle time, and a download still arrives whole", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // The couple sets the video in Contenido → Multimedia.
    await page.goto(`${server.baseURL}/admin/content/media`);
    await page.getByLabel("Contraseña", { exact: true }).fill("e2e-admin-password");
    await page.getByRole("button", { name: "Acceder" }).click();
    const card = page.getByRole("region", { name: "Video de portada" });
    await card.getByLabel("Archivo nuevo").setInputFiles(videoPath);
    await card.getByRole("button", { name: "Subir y reemplazar" }).click();
    await expect(card.getByText("Archivo actual: boda.mp4")).toBeVisible({ timeout: 60_000 });

    // Each worker has served 20 requests for the video at once (its modules loaded, its heap grown
    // for that much work) before the memory is measured: what is measured is what the files hold.
    for (let round = 0; round < 2; round++) {
      const parts = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.baseURL}/media/hero.mp4`, { headers: { Range: "bytes=0-99" } })));
      for (const part of parts) {
        expect(part.status).toBe(206);
        expect(Buffer.from(await part.arrayBuffer())).toEqual(video.subarray(0, 100));
      }
    }
    const before = serverMemory(server.pid).rssMb;
    const loggedBefore = logLines("GET /media/hero.mp4");

    const sockets = await Promise.all(Array.from({ length: 20 }, () => neverReading()));
    // The growth while they hang: sampled for 5 s (a copy that ignores the sockets grows at the speed of the disk).
    let peak = before;
    for (const started = Date.now(); Date.now() - started < 5000;) {
      peak = Math.max(peak, serverMemory(server.pid).rssMb);
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`server RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most with 20 idle connections`);
    expect(peak - before).toBeLessThan(50);

    // Meanwhile, a visitor who reads gets the whole video, byte for byte.
    const whole = await fetch(`${server.baseURL}/media/hero.mp4`);
    expect(whole.status).toBe(200);
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(video));

    // After the idle time the server has ended each of the 20 (one log line each, as it closes them)...
    await expect.poll(() => logLines("GET /media/hero.mp4"), { timeout: IDLE_MS + 20_000 }).toBeGreaterThanOrEqual(loggedBefore + 21);
    // ...and each, reading again, finds its answer cut short: never a whole-looking file.
    for (const socket of sockets) expect(await socket.drain()).toBeLessThan(VIDEO_BYTES);
  });
});
