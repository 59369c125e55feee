import http from "node:http";
import { expect, startServer, test } from "./fixtures";

/**
 * Without PUBLIC_URL a page's links name the address the request came to. With the page cache on,
 * a page made for a forged Host (or port) must never reach the next visitors: their slideshow's QR
 * code names the real host. Process-level (its own server, one worker), so it runs once.
 */
test.describe("the page cache and the request's host @js-only", () => {
  test.describe.configure({ mode: "serial" });
  let server: Awaited<ReturnType<typeof startServer>>;

  test.beforeAll(async () => {
    server = await startServer({ WEB_CONCURRENCY: "1", PAGE_CACHE_TTL_MS: "1000", TRUST_PROXY: "0" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** GET `path` with the headers given (a forged Host among them). */
  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string; cache: string }>((resolve, reject) => {
      const req = http.request(new URL(path, server.baseURL), { agent: false, headers: { "Accept-Language": "es", ...headers } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, cache: String(res.headers["x-page-cache"] ?? "") }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  const realHost = () => new URL(server.baseURL).host;

  for (const [name, forged] of [
    ["a forged port in Host", () => ({ Host: "127.0.0.1:6666" })],
    ["a forged port in X-Forwarded-Host", () => ({ Host: realHost(), "X-Forwarded-Host": "127.0.0.1:6666" })],
  ] as const) {
    test(`${name} does not reach the next visitor's slideshow QR code`, async () => {
      const poisoned = await get("/slideshow", forged());
      expect(poisoned.status).toBe(200);
      // Within the cache's second, a normal visitor asks for the same page.
      const normal = await get("/slideshow");
      expect(normal.status).toBe(200);
      expect(normal.body).toContain(`http://${realHost()}/gallery`);
      expect(normal.body).not.toContain("127.0.0.1:6666");
      // The cache still serves normal visitors (it is keyed, not off).
      await expect.poll(async () => (await get("/slideshow")).cache).toBe("hit");
    });
  }
});
