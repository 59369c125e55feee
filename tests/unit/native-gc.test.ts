import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// better-sqlite3 12 aborted Node 24 (`Assertion failed: (env) != nullptr` in
// node::RemoveEnvironmentCleanupHook, from Statement::~Statement) when the garbage collector freed
// its objects during an ordinary collection, outside any JavaScript call: a production worker died
// after a few hundred requests. This gives a process of its own, on the Node running the tests (CI:
// Node 24), the same life: statements and databases left to the collector, which a small young
// generation and idle moments make run often. With better-sqlite3 12 it aborts within a second.
const script = `
const Database = require("better-sqlite3");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  const db = new Database(":memory:");
  for (let round = 0; round < 200; round++) {
    for (let i = 0; i < 200; i++) {
      db.prepare("select " + ((round * 200 + i) % 50) + " as v").get();
      new Database(":memory:");
    }
    let garbage = [];
    for (let i = 0; i < 2000; i++) garbage.push(new Array(100).fill(i));
    garbage = null;
    await sleep(2);
  }
  console.log("ok");
})();
`;

describe("the embedded database on this Node.js", () => {
  it("survives the garbage collector freeing its statements and databases", () => {
    const result = spawnSync(process.execPath, ["--max-semi-space-size=1", "-e", script], { encoding: "utf8", timeout: 120_000 });
    expect(result.stderr).not.toMatch(/Assertion failed/);
    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe("ok");
    // The child's own time limit is the one that counts: on a busy machine its 40,000 statements take
    // longer than a unit test's default 20 s.
  }, 150_000);
});
