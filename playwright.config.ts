import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { freePort } from "./tests/helpers/free-port";

if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(await freePort());
  process.env.WEDDING_E2E_CACHED_PORT = String(await freePort());
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-"));
}
const port = Number(process.env.E2E_PORT);
const cachedPort = Number(process.env.WEDDING_E2E_CACHED_PORT);
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
  // The demo wedding's dates are past: the suite sets its own and tests the closed state separately.
  WEDDING_DATE: "2031-01-17T16:00:00-05:00",
  RSVP_DEADLINE: "2030-12-17T23:59:59-05:00",
  SEED_DEMO_DATA: "0",
  // Each test claims its own client address (X-Forwarded-For) so rate limits stay per test.
  TRUST_PROXY: "1",
  LOG_REQUESTS: "0",
  // The main server runs without the page cache. The fixtures write through the app's API, and a
  // successful write empties the cache, so the specs may well pass with it on; that has not been
  // measured over the whole suite yet. The "js-cached" project runs a few specs against a second
  // server with it on (its fixtures write through that server).
  PAGE_CACHE_TTL_MS: "0",
  // One process: the specs' own servers test one behaviour each. The production settings (workers
  // and the cache) are the "js-cached" project's server, and tests/e2e/workers.spec.ts.
  WEB_CONCURRENCY: "1",
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
  // A test's time is a guard against a hang, not a measure of speed (benchmarks measure that). The
  // longer scenarios (two browsers, several saves, both languages) take 20–29 s on a quiet 2-CPU
  // machine; the CI's machines have run the whole suite up to 1.7× slower than that.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  forbidOnly: true,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "es-ES",
    trace: "off",
    // The site's service worker (decision 0064) stays out of every spec but those that test it
    // (offline.spec.ts, background-sync.spec.ts allow it): routes a spec sets on the page are not
    // seen by a worker's fetches.
    serviceWorkers: "block",
  },
  projects: [
    // Tests tagged @js-only (dialogs, the browser clock, toasts) run only with JavaScript;
    // @no-js-only ones only without. Everything else runs in both.
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, grepInvert: /@no-js-only/, testIgnore: "two-instances.spec.ts" },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/, testIgnore: "two-instances.spec.ts" },
    // Two app processes on one throwaway PostgreSQL cluster and one photo bucket (README "Deploy on a
    // container platform"); the spec starts its own servers and cluster.
    { name: "two-instances", testMatch: "two-instances.spec.ts", use: { ...chromium, javaScriptEnabled: true } },
    // The production settings: two worker processes and the one-second page cache on
    // (docs/decisions/0007-*, 0015-*), on a second server over the same database. The fixtures write
    // through this server's API, which empties its cache as any write does. Browser-only behaviour
    // (music, carousel, video, the browser's clock) is the same whatever the server does, so it is
    // not run twice.
    {
      name: "js-cached",
      testMatch: ["home.spec.ts", "layout.spec.ts", "keyboard.spec.ts", "confirm.spec.ts", "answers.spec.ts"],
      use: { ...chromium, javaScriptEnabled: true, baseURL: `http://127.0.0.1:${cachedPort}` },
      grepInvert: /@no-js-only|\b(music|hero video|quotes carousel|meteors|the map|countdown with the browser's clock) @js-only/,
    },
  ],
  webServer: [
    {
      command: "node server.mjs",
      url: `http://127.0.0.1:${port}/healthz`,
      env: e2eEnv,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // Started after the first is up, so the database is migrated once.
      command: "node server.mjs",
      url: `http://127.0.0.1:${cachedPort}/healthz`,
      env: { ...e2eEnv, PORT: String(cachedPort), PAGE_CACHE_TTL_MS: "1000", WEB_CONCURRENCY: "2" },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
