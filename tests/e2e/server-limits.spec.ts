import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { expect, startServer, TestData, test } from "./fixtures";

const BUSY = "Hay muchas descargas en curso. Por favor, inténtalo de nuevo en un minuto.";

/**
 * The server's limits under the production settings (two workers): what an attacker found held
 * per worker or not at all. Process-level (its own server), so it runs once (JavaScript project).
 */
test.describe("the server's limits with two workers @js-only", () => {
  test.describe.configure({ mode: "serial" });
  let server: Awaited<ReturnType<typeof startServer>>;
  let sectionId = 0;

  test.beforeAll(async () => {
    // A primary, a boot process and two workers: on a loaded machine they take longer to answer
    // than one server (startServer waits until they do).
    test.setTimeout(90_000);
    // The idle time of a download shortened for the test (STREAM_IDLE_TIMEOUT_MS; 30 s otherwise),
    // but longer than the test takes to start its eleven downloads on a loaded machine: with 3 s a
    // download was cut off (its slot freed) before the ninth was asked for.
    server = await startServer({ WEB_CONCURRENCY: "2", TRUST_PROXY: "1", STREAM_IDLE_TIMEOUT_MS: "10000", LOG_REQUESTS: "1" });
    // A section whose ZIP is far larger than the sockets' buffers, so a client that does not read
    // holds its download open: large photos (noise does not compress) copied into the photo folder,
    // then recorded by the admin's API as files already in the store.
    const data = new TestData(server);
    sectionId = (await data.createSection({ name: `Grande ${Date.now()}` })).id;
    fs.mkdirSync(path.join(server.dataDir, "uploads", String(sectionId)), { recursive: true });
    // Twelve photos of about 3 MB each (a recorded file, like an upload, is at most 5 MB).
    for (let i = 0; i < 12; i++) {
      const key = `${sectionId}/${Date.now()}-grande${i}.jpg`;
      const side = 1400;
      const noise = await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
        .jpeg({ quality: 100 })
        .toBuffer();
      fs.writeFileSync(path.join(server.dataDir, "uploads", key), noise);
      await data.gallery.addMediaRecord(sectionId, {
        file_path: key,
        public_url: `/uploads/${key}`,
        type: "IMAGE",
        name: `grande-${i}.jpg`,
        size: noise.length,
      });
    }
    data.close();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** A ZIP download over a connection of its own (the cluster hands each to the next worker) that never reads its body. */
  function stalledDownload(client: string) {
    return new Promise<{ status: number; text: () => Promise<string>; ended: Promise<boolean> }>((resolve, reject) => {
      const req = http.get(new URL(`/gallery/${sectionId}.zip`, server.baseURL), { agent: false, headers: { "X-Forwarded-For": client } }, (res) => {
        res.pause();
        res.on("error", () => undefined);
        const text = () =>
          new Promise<string>((done) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (d) => (body += d));
            res.on("end", () => done(body));
            res.resume();
          });
        // Once it reads again: whether the download ended before it was complete.
        const ended = () =>
          new Promise<boolean>((done) => {
            res.on("close", () => done(!res.complete));
            res.resume();
          });
        resolve({
          status: res.statusCode ?? 0,
          text,
          get ended() {
            return ended();
          },
        });
      });
      req.on("error", reject);
    });
  }

  test("ZIP downloads: 2 per client and 8 in all across both workers; a download that takes nothing is cut off and frees its slot", async () => {
    test.setTimeout(60_000);
    // Two from one client (its IPv6 /64: the low 64 bits vary), through both workers.
    const mine = [await stalledDownload("2001:db8:5:5::1"), await stalledDownload("2001:db8:5:5::2")];
    expect(mine.map((d) => d.status)).toEqual([200, 200]);
    for (const address of ["2001:db8:5:5:ffff::3", "2001:db8:5:5::1"]) {
      const third = await stalledDownload(address);
      expect(third.status, address).toBe(503);
      expect(await third.text()).toBe(BUSY);
    }
    // Six more from three other clients: eight under way, four in each worker or otherwise shared.
    const others = [];
    for (const client of ["198.51.100.21", "198.51.100.22", "198.51.100.23"]) {
      for (let i = 0; i < 2; i++) others.push(await stalledDownload(client));
    }
    expect(others.map((d) => d.status)).toEqual(Array(6).fill(200));
    // The ninth, from a client with none, is refused whichever worker takes it.
    for (let i = 0; i < 4; i++) {
      const ninth = await stalledDownload(`198.51.100.3${i}`);
      expect(ninth.status, `ninth download, attempt ${i}`).toBe(503);
      expect(await ninth.text()).toBe(BUSY);
    }

    // None of the eight reads: after the idle time the server cuts each off, and each is then
    // incomplete and has freed its slot. Waited for as a state, not a time (a loaded machine takes
    // longer): the request log has a line for an answer once it ends, and these can only end cut off.
    // A new download asked for at once must then be served: a slot freed after the close is a guest refused.
    const cutOff = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes(`GET /gallery/${sectionId}.zip 200`)).length;
    await expect.poll(cutOff, { timeout: 30_000 }).toBe(8);
    for (const download of [...mine, ...others]) expect(await download.ended).toBe(true);
    const after = await stalledDownload("198.51.100.40");
    expect(after.status).toBe(200);
    expect(await after.ended).toBe(false);
  });

  /** A POST with `Transfer-Encoding: chunked` (no Content-Length), `size` bytes of `fill`, read to the end. */
  function chunkedPost(pathname: string, type: string, size: number, language = "es") {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        new URL(pathname, server.baseURL),
        { method: "POST", agent: false, headers: { "Content-Type": type, "Transfer-Encoding": "chunked", "Accept-Language": language } },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      const chunk = Buffer.alloc(16 << 10, "a");
      let sent = 0;
      const write = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", write);
        }
        req.end();
      };
      write();
    });
  }

  test("a body over the limit sent chunked gets its 413 and message, not a reset: a page's form, the JSON API, an upload", async () => {
    const data = new TestData(server);
    const invitation = await data.createInvitation({ primaryGuest: "Cuerpo Grande" });
    data.close();

    const form = await chunkedPost("/confirm", "application/x-www-form-urlencoded", 5 << 20);
    expect(form.status).toBe(413);
    expect(form.body).toContain("Envío demasiado grande");
    const english = await chunkedPost("/confirm", "application/x-www-form-urlencoded", 5 << 20, "en");
    expect(english.status).toBe(413);
    expect(english.body).toContain("Submission too large");

    const json = await chunkedPost(`/api/invitations/${invitation.code}/confirm`, "application/json", 5 << 20);
    expect(json.status).toBe(413);
    expect(JSON.parse(json.body).error).toMatch(/^La solicitud es demasiado grande/);

    const upload = await chunkedPost("/gallery", "multipart/form-data; boundary=xyz", 120 << 20);
    expect(upload.status).toBe(413);
    expect(upload.body).toContain("demasiado grande");
  });

  test("a malformed URL gets a 400 in the visitor's language and one log line, not a stack trace", async () => {
    const before = server.output().split("\n").length;
    const get = (language: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(new URL("/%E0%A4%A", server.baseURL), { agent: false, headers: { "Accept-Language": language } }, (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (d) => (body += d));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on("error", reject);
      });
    const spanish = await get("es");
    expect(spanish.status).toBe(400);
    expect(spanish.body).toContain("Solicitud inválida");
    const english = await get("en");
    expect(english.status).toBe(400);
    expect(english.body).toContain("Invalid request");
    await new Promise((r) => setTimeout(r, 300));
    const lines = server
      .output()
      .split("\n")
      .slice(before - 1)
      .filter(Boolean);
    // An earlier test's request may still be logged here (a refused body is drained before its line
    // is written): what counts is one line per malformed request, and no line that is not a log line.
    const malformed = lines.filter((line) => line.includes("/%E0%A4%A"));
    expect(malformed, lines.join("\n")).toHaveLength(2);
    for (const line of malformed) expect(line).toContain("GET /%E0%A4%A 400");
    expect(
      lines.filter((line) => !line.startsWith("{")),
      lines.join("\n"),
    ).toEqual([]);
  });
});
