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

await import("./server/main.mjs");
