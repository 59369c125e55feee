import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import viteConfig from "../../vite.config";

describe("the build's log", () => {
  // A resource route's client chunk is empty by design; the build says nothing about it, and
  // passes every other warning on.
  it("leaves out Rollup's empty-chunk warnings only", () => {
    const onwarn = viteConfig.build?.rollupOptions?.onwarn;
    expect(onwarn).toBeTypeOf("function");
    const passed: Rollup.RollupLog[] = [];
    const empty = { code: "EMPTY_BUNDLE", message: 'Generated an empty chunk: "api._".' };
    const other = { code: "CIRCULAR_DEPENDENCY", message: "Circular dependency" };
    onwarn!(empty, (w) => passed.push(w as Rollup.RollupLog));
    onwarn!(other, (w) => passed.push(w as Rollup.RollupLog));
    expect(passed).toEqual([other]);
  });
});
