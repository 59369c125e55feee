import { describe, expect, it } from "vitest";
import { createSlotKeeper } from "../../server/downloads.mjs";

describe("download slots counted for the whole server", () => {
  it("holds the limits across owners (workers) and frees every slot of a worker that died", () => {
    const keeper = createSlotKeeper();
    const limits = { perClient: 2, total: 3 };
    const first = keeper.take({ client: "a", owner: 1, ...limits });
    expect(first).not.toBeNull();
    // The same client through another worker counts against the same allowance.
    expect(keeper.take({ client: "a", owner: 2, ...limits })).not.toBeNull();
    expect(keeper.take({ client: "a", owner: 1, ...limits })).toBeNull();
    expect(keeper.take({ client: "b", owner: 2, ...limits })).not.toBeNull();
    expect(keeper.take({ client: "c", owner: 1, ...limits })).toBeNull();
    keeper.releaseOwner(2);
    expect(keeper.size()).toBe(1);
    expect(keeper.take({ client: "a", owner: 1, ...limits })).not.toBeNull();
    keeper.release(first!);
    expect(keeper.size()).toBe(1);
  });
});
