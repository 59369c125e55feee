import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** A free local port, chosen once by the main process and inherited by the workers. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(await freePort());
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-"));
}
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR!;
export const e2eEnv = {
  PORT: String(port),
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  DATABASE_PATH: path.join(dataDir, "wedding.sqlite"),
  UPLOADS_DIR: path.join(dataDir, "uploads"),
  ADMIN_PASSWORD: "e2e-admin-password",
  ADMIN_API_TOKEN: "e2e-admin-api-token-0123456789",
  SESSION_SECRET: "e2e-session-secret-at-least-16",
  // The spec's dates are past: the suite sets its own and tests the closed state separately.
  WEDDING_DATE: "2031-01-17T16:00:00-05:00",
  RSVP_DEADLINE: "2030-12-17T23:59:59-05:00",
  SEED_DEMO_DATA: "0",
  // Each test claims its own client address (X-Forwarded-For) so rate limits stay per test.
  TRUST_PROXY: "1",
  LOG_REQUESTS: "0",
  // Fixtures write to the database directly, which the page cache cannot see; the cache has its
  // own tests (tests/unit/page-cache.test.ts, tests/e2e/server.spec.ts) on servers with it on.
  PAGE_CACHE_TTL_MS: "0",
};
for (const [k, v] of Object.entries(e2eEnv)) process.env[`E2E_${k}`] = v;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  // Parallel runs (several developers on one machine) can each keep their own output folder.
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  // One worker per core: each worker drives a Chromium against one shared server, and the CI
  // machine has two cores. More workers only made hydration slow enough to time out.
  workers: Math.max(1, Math.min(os.cpus().length, 4)),
  // A test that fails once and then passes is reported as "flaky" (and looked into); only a
  // test that fails twice fails the run.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  forbidOnly: true,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "es-ES",
    trace: "off",
  },
  projects: [
    // Tests tagged @js-only (dialogs, the browser clock, toasts) run only with JavaScript;
    // @no-js-only ones only without. Everything else runs in both.
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: "node server.mjs",
    url: `http://127.0.0.1:${port}/healthz`,
    env: e2eEnv,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
