import { describe, expect, it } from "vitest";
import { wantsCluster } from "../../server/cluster-mode.mjs";

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
