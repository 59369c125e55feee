// @ts-check
// Starts the wedding site: `node server.mjs` (the server itself is server/main.mjs).
//
// First of all, the Node.js version: nothing else is loaded before this check, so an old Node.js
// stops with this message instead of a puzzling error from deep inside (process.loadEnvFile, which
// reads .env, needs 20.12).
import { nodeVersionProblem } from "./server/node-version.mjs";

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}

// One process per CPU (WEB_CONCURRENCY): the cluster's primary starts them (server/primary.mjs);
// WEB_CONCURRENCY=1 and development run the one process of old. The primary only reads the raw
// value here: the boot step validates it with the rest of the configuration.
const { default: cluster } = await import("node:cluster");
const { default: fs } = await import("node:fs");
if (cluster.isPrimary && fs.existsSync(".env")) process.loadEnvFile(".env");
const { wantsCluster } = await import("./server/cluster-mode.mjs");
if (cluster.isPrimary && wantsCluster(process.env)) await import("./server/primary.mjs");
else await import("./server/main.mjs");
