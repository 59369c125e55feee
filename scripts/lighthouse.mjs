#!/usr/bin/env node
// @ts-check
// npm run lighthouse — Lighthouse mobile scores of the home page, 5 runs and their median.
// Builds nothing: run `npm run build` first. Starts the built server on a free port with a fresh
// database and dates in the future (the invitation season: countdown and RSVP button), runs the
// installed Lighthouse against Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH), offline.
// Prints the load average too: the performance score moves with what else the machine runs.
//
//   RUNS=5 LIGHTHOUSE_PATH=/ npm run lighthouse
import os from "node:os";
import { startBuiltServer } from "./lib/start-server.mjs";
import { printLighthouse, runLighthouse } from "./lib/lighthouse.mjs";

const runs = Number(process.env.RUNS ?? 5);
const pagePath = process.env.LIGHTHOUSE_PATH ?? "/";
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

const server = await startBuiltServer({
  WEDDING_DATE: "2031-01-17T16:00:00-05:00",
  RSVP_DEADLINE: "2030-12-17T23:59:59-05:00",
});
try {
  // One request first, so the first run does not measure the server's cold start.
  await fetch(`${server.base}${pagePath}`);
  console.log(`Lighthouse, mobile, ${runs} runs of ${pagePath} — load average before: ${load()} (${os.cpus().length} CPUs)`);
  const result = await runLighthouse(`${server.base}${pagePath}`, {
    runs,
    onRun: (i, s) =>
      console.log(
        `run ${i + 1}: ${Object.entries(s)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}   (load ${load()})`,
      ),
  });
  console.log(`median of ${runs}:`);
  printLighthouse(result);
  console.log(`load average after: ${load()}`);
} finally {
  server.stop();
}
process.exit(0);
