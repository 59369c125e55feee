import http from "node:http";
import { expect, startServer, TestData, test } from "./fixtures";

/**
 * The production settings (decision 0015): a cluster of three workers with the page cache on, over one
 * database. Process-level (its own server), so it runs once (JavaScript project).
 */
test.describe("several workers with the page cache on @js-only", () => {
  test.describe.configure({ mode: "serial" });
  let server: Awaited<ReturnType<typeof startServer>>;

  test.beforeAll(async () => {
    // A first start as a newcomer's: no admin password, so the one-time setup link is printed (once) and the demo waits for setup.
    server = await startServer({ WEB_CONCURRENCY: "3", PAGE_CACHE_TTL_MS: "1000", RATE_LIMIT_CODE_ATTEMPTS: "20", SEED_DEMO_DATA: "1", ADMIN_PASSWORD: "" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** A request over a connection of its own (so the cluster hands it to the next worker), as `client`. */
  function fresh(path: string, client: string, options: { method?: string; body?: string; cookie?: string } = {}) {
    return new Promise<{ status: number; body: string; setCookie: string[] }>((resolve, reject) => {
      const url = new URL(path, server.baseURL);
      const req = http.request(
        url,
        {
          method: options.method ?? "GET",
          agent: false,
          headers: {
            "X-Forwarded-For": client,
            ...(options.cookie ? { Cookie: options.cookie } : {}),
            ...(options.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, setCookie: res.headers["set-cookie"] ?? [] }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    });
  }

  test("the boot ran once: the three workers serve one database and one set of secrets", async () => {
    // Announced once, when the third worker listens (the health check answers from the first).
    await expect.poll(() => server.output(), { timeout: 15_000 }).toContain("(3 worker processes)");
    const log = server.output();
    expect(log.match(/Wedding site listening/g)).toHaveLength(1);
    expect(log.match(/\/setup\?token=/g)).toHaveLength(1);
    expect(log).not.toContain("Demo data created");
    const healths = await Promise.all(Array.from({ length: 6 }, () => fresh("/healthz", "192.0.2.50")));
    for (const h of healths) expect(h.status).toBe(200);
  });

  test("a page for one guest never reaches another guest, before and after one of them answers", async () => {
    // The confirmed view's heading as rendered (the page's texts also travel in its data, so the
    // bare words are on every /confirm page).
    const CONFIRMED_HEADING = /<h1[^>]*>¡Asistencia Confirmada!<\/h1>/;
    const data = new TestData(server);
    const ana = await data.createInvitation({ primaryGuest: "Ana Trabajadora", maxGuests: 3 });
    const luis = await data.createInvitation({ primaryGuest: "Luis Paralelo", maxGuests: 2 });
    data.close();
    const cookieOf = async (code: string, client: string) => {
      const res = await fresh(`/i/${code}`, client);
      expect(res.status).toBe(302);
      return res.setCookie.map((c) => c.split(";")[0]).join("; ");
    };
    const guests = [
      { ...ana, cookie: await cookieOf(ana.code, "192.0.2.61"), other: luis },
      { ...luis, cookie: await cookieOf(luis.code, "192.0.2.62"), other: ana },
    ];

    // Interleaved: both guests and an anonymous visitor, every page, over fresh connections
    // (every worker answers each of them), several rounds so every cache is warm.
    const round = async (check: (guest: (typeof guests)[number] | null, path: string, body: string) => void) => {
      const asks: Promise<void>[] = [];
      for (let i = 0; i < 4; i++) {
        for (const path of ["/", "/confirm", "/gallery", "/404"]) {
          for (const guest of [...guests, null]) {
            asks.push(
              fresh(path, "192.0.2.63", { cookie: guest?.cookie ?? "_ga=GA1.1.1" }).then((res) => {
                expect([200, 404], path).toContain(res.status);
                check(guest, path, res.body);
              }),
            );
          }
        }
      }
      await Promise.all(asks);
    };
    const neverTheOther = (guest: (typeof guests)[number] | null, path: string, body: string) => {
      for (const g of guests) {
        if (g === guest) continue;
        expect(body, `${guest?.primaryGuest ?? "anonymous"} ${path}`).not.toContain(g.primaryGuest);
        expect(body, `${guest?.primaryGuest ?? "anonymous"} ${path}`).not.toContain(g.code);
      }
      if (guest) expect(body, `${guest.primaryGuest} ${path}`).toContain(guest.primaryGuest);
    };
    await round(neverTheOther);

    // Ana confirms (with a guest of hers) through whichever worker takes it.
    const confirmed = await fresh("/confirm", "192.0.2.61", {
      method: "POST",
      cookie: guests[0].cookie,
      body: new URLSearchParams({ intent: "confirm", "guests[0]": "Eva Acompañante" }).toString(),
    });
    expect(confirmed.status).toBe(302);

    await round((guest, path, body) => {
      neverTheOther(guest, path, body);
      // Her answer is hers: every worker shows it on her pages at once (her /confirm is the confirmed
      // view); nobody else's page carries it.
      if (guest?.code === ana.code) {
        expect(body, path).toContain("Eva Acompañante");
        if (path === "/confirm") expect(body).toMatch(CONFIRMED_HEADING);
      } else {
        expect(body, `${guest?.primaryGuest ?? "anonymous"} ${path}`).not.toContain("Eva Acompañante");
      }
      if (guest?.code === luis.code && path === "/confirm") expect(body).not.toMatch(CONFIRMED_HEADING);
    });
  });

  test("the 21st wrong code from one client gets 429 whichever worker answers", async () => {
    const attempt = (client: string) =>
      fresh("/confirm", client, { method: "POST", body: new URLSearchParams({ intent: "verify", code: "ZZZZZZ" }).toString() });
    // Twenty at once over fresh connections: the three workers share them.
    const first = await Promise.all(Array.from({ length: 20 }, () => attempt("198.51.100.77")));
    expect(first.map((r) => r.status)).toEqual(Array(20).fill(404));
    for (let i = 0; i < 3; i++) expect((await attempt("198.51.100.77")).status, `attempt ${21 + i}`).toBe(429);
    // Another client is not affected.
    expect((await attempt("198.51.100.78")).status).toBe(404);
  });

  test("a dead worker is replaced and the site keeps answering; SIGTERM stops every process", async () => {
    test.setTimeout(60_000);
    // Kill one worker through its own process: the primary replaces it.
    const pids = await workerPids(server.baseURL);
    expect(pids.length).toBeGreaterThanOrEqual(1);
    process.kill(pids[0], "SIGKILL");
    // (A connection handed to it in the instant it died would be reset: ask once it is replaced.)
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain("starting another");
    await expect.poll(async () => (await workerPids(server.baseURL)).length, { timeout: 15_000 }).toBe(3);
    await expect.poll(async () => (await fresh("/healthz", "192.0.2.90")).status, { timeout: 15_000 }).toBe(200);
    for (let i = 0; i < 12; i++) expect((await fresh("/gallery", "192.0.2.90")).status).toBe(200);

    const survivors = await workerPids(server.baseURL);
    await server.stop();
    for (const pid of [server.pid, ...survivors]) expect(() => process.kill(pid, 0), `process ${pid}`).toThrow();
  });

  /** Worker pids, read from /proc: the children of the primary that serve (Linux). */
  async function workerPids(_base: string): Promise<number[]> {
    const fs = await import("node:fs");
    const primary = server.pid;
    const pids: number[] = [];
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (ppid === primary) pids.push(Number(entry));
      } catch {
        /* ended meanwhile */
      }
    }
    return pids;
  }
});
