import { describe, expect, it } from "vitest";
import { wantsCluster, WORKER_HEAP, workerSettings } from "../../server/cluster-mode.mjs";

describe("one process or a cluster (server.mjs)", () => {
  it("starts workers unless WEB_CONCURRENCY is 1, one per CPU when unset, never in development", () => {
    expect(wantsCluster({}, 2)).toBe(true);
    expect(wantsCluster({}, 1)).toBe(false);
    expect(wantsCluster({ WEB_CONCURRENCY: "1" }, 8)).toBe(false);
    expect(wantsCluster({ WEB_CONCURRENCY: " 1 " }, 8)).toBe(false);
    expect(wantsCluster({ WEB_CONCURRENCY: "3" }, 1)).toBe(true);
    expect(wantsCluster({ WEB_CONCURRENCY: "" }, 4)).toBe(true);
    expect(wantsCluster({ NODE_ENV: "development", WEB_CONCURRENCY: "4" }, 4)).toBe(false);
    // A bad value goes to the cluster, whose boot step refuses it naming the variable.
    expect(wantsCluster({ WEB_CONCURRENCY: "many" }, 1)).toBe(true);
  });
});

describe("how the primary starts its workers", () => {
  it("keeps each worker's heap small and malloc to two arenas, unless the deployer set them", () => {
    const defaults = workerSettings({ execArgv: [], env: {} });
    expect(defaults.execArgv).toEqual([`--max-semi-space-size=${WORKER_HEAP.youngMb}`, `--max-old-space-size=${WORKER_HEAP.oldMb}`, "--expose-gc"]);
    expect(defaults.env).toEqual({ MALLOC_ARENA_MAX: "2" });

    const chosen = workerSettings({ execArgv: ["--max-old-space-size=512"], env: { NODE_OPTIONS: "--max-semi-space-size=16", MALLOC_ARENA_MAX: "8" } });
    expect(chosen.execArgv).toEqual(["--max-old-space-size=512", "--expose-gc"]);
    expect(chosen.env).toEqual({});
  });
});
