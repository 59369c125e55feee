import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { cutOffIdleClients, sendBody } from "../../server/streaming.mjs";

const CHUNK = 64 << 10;
const RANDOM = crypto.randomBytes(CHUNK);

/** A body of `chunks` chunks of 64 KB made only when asked for (as a file or the ZIP is read), counting what was asked. */
function countedBody(chunks: number) {
  const seen = { pulled: 0, cancelled: false, hash: crypto.createHash("sha256") };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled === chunks) return controller.close();
        // Random bytes: compression cannot shrink them below what the sockets hold.
        const chunk = new Uint8Array(RANDOM);
        chunk[0] = seen.pulled % 251;
        seen.hash.update(chunk);
        seen.pulled++;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** An Express server answering every request with `answer`, behind the idle cut-off and compression, as server/main.mjs. */
async function serve(idleMs: number, answer: (res: express.Response) => Promise<void>) {
  const app = express();
  app.use(cutOffIdleClients(idleMs));
  app.use(compression());
  app.get("*", (_req, res, next) => answer(res).catch(next));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A GET whose body is not read: `complete()` reads it then, resolving whether it came whole. */
function neverReading(url: string) {
  return new Promise<{ complete: () => Promise<boolean> }>((resolve, reject) => {
    const request = http.get(url, { agent: false }, (res) => {
      res.pause();
      res.on("error", () => undefined);
      const complete = () =>
        new Promise<boolean>((done) => {
          res.on("close", () => done(res.complete));
          res.resume();
        });
      resolve({ complete });
    });
    request.on("error", () => undefined);
    request.on("error", reject);
  });
}

const waitUntil = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("a body written with backpressure", () => {
  it("asks for no more of the body while the response does not drain, and cancels it when the response closes", async () => {
    const { body, seen } = await countedBody(1000);
    // A response that takes 256 KB and never drains (a client that stopped reading).
    const res = Object.assign(new Writable({ highWaterMark: 256 << 10, write: () => undefined }), { flush: undefined });
    const sent = sendBody(body, res as unknown as http.ServerResponse);
    await waitUntil(() => res.writableNeedDrain);
    await new Promise((r) => setTimeout(r, 200));
    // The last chunk written, and at most the one it is waiting with: not the 64 MB behind.
    expect(seen.pulled).toBeLessThanOrEqual(256 / 64 + 1);
    res.destroy();
    await sent;
    expect(seen.cancelled).toBe(true);
  });

  it("sends a large body whole, byte for byte, to a client that reads (compressed or not)", async () => {
    for (const type of ["video/mp4", "text/csv"]) {
      const { body, seen } = await countedBody(400);
      const url = await serve(30_000, async (res) => {
        res.type(type);
        await sendBody(body, res);
      });
      const received = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(received.length).toBe(400 * CHUNK);
      expect(crypto.createHash("sha256").update(received).digest("hex")).toBe(seen.hash.digest("hex"));
    }
  });
});

describe("the idle cut-off", () => {
  it("destroys the connection of a client that takes nothing for the idle time: the body comes incomplete and is cancelled", async () => {
    for (const type of ["video/mp4", "text/csv"]) {
      const { body, seen } = await countedBody(800);
      const answer = { closedAfterMs: -1, finished: true };
      const url = await serve(300, async (res) => {
        const startedAt = Date.now();
        res.on("close", () => Object.assign(answer, { closedAfterMs: Date.now() - startedAt, finished: res.writableFinished }));
        res.type(type);
        await sendBody(body, res);
      });
      const client = await neverReading(url);
      await waitUntil(() => answer.closedAfterMs >= 0);
      expect(answer.closedAfterMs).toBeGreaterThanOrEqual(290);
      expect(answer.finished).toBe(false);
      expect(seen.cancelled).toBe(true);
      expect(seen.pulled).toBeLessThan(800);
      // Reading again, the client finds the answer cut short: it cannot take it for a whole file.
      expect(await client.complete()).toBe(false);
    }
  });

  it("ends the answer before it closes the connection: what the answer held (a download slot) is free before the client can see the close", async () => {
    // A ZIP's slot is released when its body ends; a guest who sees the connection close and asks
    // again at once must find it free, so the body must end while the connection is still open.
    let connectionOpenAtEnd: boolean | null = null;
    const body = new ReadableStream<Uint8Array>(
      {
        pull: (controller) => controller.enqueue(new Uint8Array(RANDOM)),
        cancel: () => {
          connectionOpenAtEnd = !served?.destroyed;
        },
      },
      { highWaterMark: 0 },
    );
    let served: express.Response | undefined;
    const url = await serve(300, async (res) => {
      served = res;
      res.type("video/mp4");
      await sendBody(body, res);
    });
    const client = await neverReading(url);
    await waitUntil(() => connectionOpenAtEnd !== null);
    expect(connectionOpenAtEnd).toBe(true);
    expect(await client.complete()).toBe(false);
  });

  it("does not cut off a client that keeps reading, however slowly, sending all of it", async () => {
    const { body, seen } = await countedBody(256);
    const url = await serve(1000, async (res) => {
      res.type("video/mp4");
      await sendBody(body, res);
    });
    // Takes 256 KB, then pauses for 100 ms, again and again: far slower than the server could
    // send, and never idle for the idle time.
    const hash = crypto.createHash("sha256");
    let length = 0;
    await new Promise<void>((resolve, reject) => {
      http.get(url, { agent: false }, (res) => {
        let sincePause = 0;
        res.on("data", (chunk: Buffer) => {
          hash.update(chunk);
          length += chunk.length;
          sincePause += chunk.length;
          if (sincePause < 256 << 10) return;
          sincePause = 0;
          res.pause();
          setTimeout(() => res.resume(), 100);
        });
        res.on("end", resolve);
        res.on("error", reject);
      });
    });
    expect(length).toBe(256 * CHUNK);
    expect(hash.digest("hex")).toBe(seen.hash.digest("hex"));
  });
});
