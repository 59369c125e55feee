import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A CommonJS package shaped like React's entry: one of two builds, chosen by NODE_ENV. */
function reactLikePackage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "module-cache-"));
  dirs.push(dir);
  fs.writeFileSync(
    path.join(dir, "index.js"),
    "if (process.env.NODE_ENV === 'production') { module.exports = require('./prod.js'); } else { module.exports = require('./dev.js'); }\n",
  );
  fs.writeFileSync(path.join(dir, "prod.js"), "exports.build = 'production';\n");
  fs.writeFileSync(path.join(dir, "dev.js"), `exports.build = 'development'; exports.big = '${"x".repeat(1000)}';\n`);
  return dir;
}

/** Imports the package from an ES module in a fresh Node, as the server imports its build. */
function importThenDrop(dir: string) {
  const script = `
    import { createRequire } from "node:module";
    import { dropModulesNeverRun } from ${JSON.stringify(pathToFileURL(path.resolve("server/module-cache.mjs")).href)};
    const pkg = await import(${JSON.stringify(pathToFileURL(path.join(dir, "index.js")).href)});
    const require = createRequire(import.meta.url);
    const cached = () => Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(dir)})).map((f) => path.basename(f)).sort();
    import path from "node:path";
    const before = cached();
    const dropped = dropModulesNeverRun().map((f) => path.basename(f));
    console.log(JSON.stringify({ build: pkg.build, before, dropped, after: cached(), again: require(${JSON.stringify(path.join(dir, "dev.js"))}).build }));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { env: { ...process.env, NODE_ENV: "production" } });
  return JSON.parse(out.toString());
}

describe("dropModulesNeverRun", () => {
  it("drops the build Node only read for its export names, keeps the one that ran", () => {
    const result = importThenDrop(reactLikePackage());
    expect(result.build).toBe("production");
    // Node read both builds when the package was imported from an ES module...
    expect(result.before).toEqual(["dev.js", "index.js", "prod.js"]);
    // ...and only the development build never ran.
    expect(result.dropped).toEqual(["dev.js"]);
    expect(result.after).toEqual(["index.js", "prod.js"]);
    // A later require of the dropped file still works (it is read again).
    expect(result.again).toBe("development");
  });
});
