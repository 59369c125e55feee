// process.loadEnvFile (the .env file) arrived in Node.js 20.12; package.json says so too, but a
// server started by hand with an older node would otherwise fail with a puzzling TypeError.
const REQUIRED = [20, 12];

/** A message saying this Node.js is too old, or null when it will do. */
export function nodeVersionProblem(version) {
  const [major, minor] = String(version).split(".").map(Number);
  const ok = major > REQUIRED[0] || (major === REQUIRED[0] && minor >= REQUIRED[1]);
  return ok ? null : `Node.js ${REQUIRED.join(".")} or newer is required; this is ${version}.`;
}
