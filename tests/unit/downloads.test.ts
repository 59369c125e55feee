import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createSlotKeeper, whenWritable } from "../../server/downloads.mjs";

describe("download slots counted for the whole server", () => {
  it("holds the limits across owners (workers) and frees every slot of a worker that died", () => {
    const keeper = createSlotKeeper();
    const limits = { perClient: 2, total: 3 };
    const first = keeper.take({ client: "a", owner: 1, ...limits });
    expect(first).not.toBeNull();
    // The same client through another worker counts against the same allowance.
    expect(keeper.take({ client: "a", owner: 2, ...limits })).not.toBeNull();
    expect(keeper.take({ client: "a", owner: 1, ...limits })).toBeNull();
    expect(keeper.take({ client: "b", owner: 2, ...limits })).not.toBeNull();
    expect(keeper.take({ client: "c", owner: 1, ...limits })).toBeNull();
    keeper.releaseOwner(2);
    expect(keeper.size()).toBe(1);
    expect(keeper.take({ client: "a", owner: 1, ...limits })).not.toBeNull();
    keeper.release(first!);
    expect(keeper.size()).toBe(1);
  });
});

describe("waiting for a client to take more of a download", () => {
  /** A server that writes `res` full for a client that never reads; resolves how the wait ended. */
  async function stalledDownload(idleMs: number) {
    let ended!: (how: { waitedMs: number; destroyed: boolean }) => void;
    const outcome = new Promise<{ waitedMs: number; destroyed: boolean }>((resolve) => (ended = resolve));
    const server = http.createServer(async (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/zip" });
      const chunk = Buffer.alloc(1 << 20);
      const startedAt = Date.now();
      // Fill every buffer between here and the client that does not read.
      while (!res.destroyed && Date.now() - startedAt < 10_000) {
        res.write(chunk);
        const waitFrom = Date.now();
        await whenWritable(res, idleMs);
        if (res.destroyed) return ended({ waitedMs: Date.now() - waitFrom, destroyed: true });
      }
      ended({ waitedMs: 0, destroyed: false });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let response: http.IncomingMessage | undefined;
    const request = http.get({ host: "127.0.0.1", port, agent: false }, (r) => {
      response = r;
      r.pause();
      r.on("error", () => undefined);
    });
    request.on("error", () => undefined);
    const result = await outcome;
    // Reading again, the client finds its download ended before it was complete.
    const complete = await new Promise<boolean>((resolve) => {
      response!.on("close", () => resolve(response!.complete));
      response!.resume();
    });
    server.close();
    return { ...result, complete };
  }

  it("cuts off a client that takes nothing for the idle time, closing its connection", async () => {
    const result = await stalledDownload(300);
    expect(result.destroyed).toBe(true);
    expect(result.waitedMs).toBeGreaterThanOrEqual(290);
    expect(result.complete).toBe(false);
  });
});
