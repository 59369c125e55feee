import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// better-sqlite3 12 aborted Node 24 (`Assertion failed: (env) != nullptr` in
// node::RemoveEnvironmentCleanupHook) when the garbage collector freed its databases, statements
// and backups: a production worker died after a few hundred requests. This runs that life cycle in
// a process of its own, on the Node running the tests (CI: Node 24), and asks it to end cleanly.
const script = `
const fs = require("node:fs"), os = require("node:os"), path = require("node:path");
const Database = require("better-sqlite3");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-gc-"));
(async () => {
  for (let round = 0; round < 40; round++) {
    let db = new Database(path.join(dir, "a.sqlite"));
    db.exec("create table if not exists t (x)");
    for (let i = 0; i < 50; i++) db.prepare("insert into t values (?)").run(i);
    db.prepare("select count(*) from t").get();
    await db.backup(path.join(dir, "b-" + round + ".sqlite"));
    if (round % 2) db.close();
    db = null;
    globalThis.gc();
  }
  globalThis.gc();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log("ok");
})();
`;

describe("the embedded database on this Node.js", () => {
  it("survives the garbage collector freeing databases, statements and backups", () => {
    const result = spawnSync(process.execPath, ["--expose-gc", "-e", script], { encoding: "utf8", timeout: 60_000 });
    expect(result.stderr).not.toMatch(/Assertion failed/);
    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe("ok");
  });
});
