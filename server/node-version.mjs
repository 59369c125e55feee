// @ts-check
import { pathToFileURL } from "node:url";

// better-sqlite3 13 (the embedded database) needs Node.js 22, and 22.12 is the first 22 release
// whose `require` of ES modules is on by default; package.json says so too, but a server started
// by hand with an older node would otherwise fail with a puzzling error from a native module.
const REQUIRED = [22, 12];

/**
 * A message saying this Node.js is too old, or null when it will do.
 * @param {string} version
 */
export function nodeVersionProblem(version) {
  const [major, minor] = String(version).split(".").map(Number);
  const ok = major > REQUIRED[0] || (major === REQUIRED[0] && minor >= REQUIRED[1]);
  return ok ? null : `Node.js ${REQUIRED.join(".")} or newer is required; this is ${version}.`;
}

// Run on its own (`node server/node-version.mjs`, first in `npm start`), it refuses an old Node.js
// at once, before the build spends half a minute on a site this Node cannot serve.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    console.error(`${problem} Install Node.js 24 (\`nvm install\` reads .nvmrc), then run \`npm install\` again.`);
    process.exit(1);
  }
}
