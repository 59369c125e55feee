import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, startServer, test } from "./fixtures";

// Process-level behaviour; no browser needed, so it runs once (in the JavaScript project).
test.describe("server start @js-only", () => {
  test("a bad configuration value stops the server with a message naming the variable", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-badcfg-"));
    try {
      for (const [name, value] of [
        ["RSVP_DEADLINE", "someday"],
        ["PORT", "not-a-port"],
        ["ADMIN_PASSWORD", "short"],
        ["DATABASE_URL", "mysql://db/wedding"],
      ]) {
        const result = spawnSync(process.execPath, ["server.mjs"], {
          env: { ...process.env, NODE_ENV: "production", DATABASE_PATH: path.join(dir, "db.sqlite"), [name]: value },
          encoding: "utf8",
          timeout: 30_000,
        });
        expect(result.status, name).not.toBe(0);
        expect(result.stderr, name).toContain(name);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the health check reports the database, the store and the free space of the uploads' disk", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    const health = await response.json();
    expect(health).toEqual({ ok: true, database: true, storage: true, freeDiskMb: expect.any(Number), backup: null });
    // Whole megabytes, as statfs reads the disk (this machine's tests need far more than one free).
    expect(Number.isInteger(health.freeDiskMb) && health.freeDiskMb > 0).toBe(true);
  });

  test("logs one line per request, without invitation codes, and the health check answers 503 when the photo store is unusable", async () => {
    const server = await startServer({ LOG_REQUESTS: "1" });
    /** The request lines logged so far (JSON, one per line), by their message. */
    const logged = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
    try {
      expect((await fetch(`${server.baseURL}/confirm?from=test`)).status).toBe(200);
      await expect.poll(logged).toContainEqual(expect.stringMatching(/^GET \/confirm 200 \d+ms$/));

      // A personal link and the guest API carry the code in the path: it is masked.
      await fetch(`${server.baseURL}/i/QX7RT2?utm=chat`, { redirect: "manual" });
      await fetch(`${server.baseURL}/api/invitations/QX7RT2/details`);
      await fetch(`${server.baseURL}/api/invitations/validate/QX7RT2`);
      await expect
        .poll(logged)
        .toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^GET \/i\/:code \d{3} \d+ms$/),
            expect.stringMatching(/^GET \/api\/invitations\/:code\/details \d{3} \d+ms$/),
            expect.stringMatching(/^GET \/api\/invitations\/validate\/:code \d{3} \d+ms$/),
          ]),
        );
      expect(server.output()).not.toContain("QX7RT2");
      expect(server.output()).not.toContain("from=test");

      // The uploads folder replaced by a file: nothing can be stored there.
      const uploads = path.join(server.dataDir, "uploads");
      fs.rmSync(uploads, { recursive: true, force: true });
      fs.writeFileSync(uploads, "not a folder");
      const health = await fetch(`${server.baseURL}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ ok: false, database: true, storage: false, freeDiskMb: expect.any(Number), backup: null });
      await expect.poll(logged).toContainEqual(expect.stringMatching(/^GET \/healthz 503 \d+ms$/));
    } finally {
      await server.stop();
    }
  });

  test("with the page cache on, a page served again from memory still runs its scripts, and a change shows at once", async ({ browser }) => {
    const server = await startServer({ PAGE_CACHE_TTL_MS: "60000" });
    const context = await browser.newContext({ baseURL: server.baseURL, locale: "es-ES" });
    try {
      const page = await context.newPage();
      const blocked: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      expect((await page.goto("/gallery"))?.headers()["x-page-cache"]).toBeUndefined();
      expect((await page.goto("/gallery"))?.headers()["x-page-cache"]).toBe("hit");

      // A section created through the admin API is on the next page view, not a minute later.
      const created = await fetch(`${server.baseURL}/api/gallery/sections`, {
        method: "POST",
        headers: { Authorization: "Bearer e2e-admin-api-token-0123456789", "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Recién creada", is_active: true }),
      });
      expect(created.status).toBe(201);
      expect((await page.goto("/gallery"))?.headers()["x-page-cache"]).toBeUndefined();
      await expect(page.getByRole("link", { name: "Ver fotos de Recién creada" })).toBeVisible();

      // Served from memory, the page still hydrates: the fresh nonce let every script run. (A write
      // empties the cache again when its connection closes, which may be just after the page above
      // was rendered; then that page was not kept and the next view renders it once more.)
      await expect.poll(async () => (await page.goto("/gallery"))?.headers()["x-page-cache"]).toBe("hit");
      await page.getByRole("button", { name: "Cambiar a modo oscuro" }).click();
      await expect(page.locator("html")).toHaveClass(/dark/);
      expect(blocked).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
