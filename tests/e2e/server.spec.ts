import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

// Process-level behaviour; no browser needed, so it runs once (in the JavaScript project).
test.describe("server start @js-only", () => {
  test("a bad configuration value stops the server with a message naming the variable", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-badcfg-"));
    try {
      for (const [name, value] of [
        ["RSVP_DEADLINE", "someday"],
        ["PORT", "not-a-port"],
        ["ADMIN_PASSWORD", "short"],
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

  test("the health check reports the database and the store", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: true, storage: true });
  });
});
