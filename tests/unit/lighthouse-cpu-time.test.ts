import { describe, expect, it } from "vitest";
import { atCpuTime, cpuShare } from "../../scripts/lib/cpu-time.mjs";

const PAGE = { pid: 7, tid: 1 };
const OTHER = { pid: 7, tid: 2 };
const ms = (n: number) => n * 1000;

/** A page load's trace: its navigation start, then a long task (60 ms, 15 ms on a CPU) with a parse and a layout inside, and a short one. */
function trace() {
  return {
    traceEvents: [
      { name: "navigationStart", ph: "R", ...PAGE, ts: ms(1000), args: { data: { isLoadingMainFrame: true, documentLoaderURL: "http://127.0.0.1/" } } },
      { name: "RunTask", ph: "X", ...PAGE, ts: ms(1100), dur: ms(60), tdur: ms(15) },
      { name: "ParseHTML", ph: "B", ...PAGE, ts: ms(1100) },
      { name: "ParseHTML", ph: "E", ...PAGE, ts: ms(1120) },
      { name: "Layout", ph: "X", ...PAGE, ts: ms(1140), dur: ms(20), tdur: ms(5) },
      { name: "RunTask", ph: "X", ...PAGE, ts: ms(1300), dur: ms(4), tdur: ms(4) },
      { name: "FunctionCall", ph: "X", ...PAGE, ts: ms(1301), dur: ms(2), tdur: ms(2) },
      // Another thread's task (the compositor's): left as it was.
      { name: "RunTask", ph: "X", ...OTHER, ts: ms(1100), dur: ms(40), tdur: ms(10) },
    ],
  };
}

const find = (t: ReturnType<typeof trace>, name: string, ph: string, tid = PAGE.tid) =>
  t.traceEvents.filter((e) => e.name === name && e.ph === ph && e.tid === tid);

describe("a Lighthouse run at CPU time", () => {
  it("says how much of its long tasks' time the page's main thread ran", () => {
    // Only the 60 ms task is long: 15 of 60 ms.
    expect(cpuShare(trace())).toBeCloseTo(0.25);
  });

  it("shortens each main-thread task to its CPU time, and what ran inside it in proportion", () => {
    const t = atCpuTime(trace());
    const [long, short] = find(t, "RunTask", "X");
    expect(long).toMatchObject({ ts: ms(1100), dur: ms(15) });
    expect(short).toMatchObject({ ts: ms(1300), dur: ms(4) });
    // The parse began with the task and took a third of it; the layout came last.
    expect(find(t, "ParseHTML", "B")[0].ts).toBe(ms(1100));
    expect(find(t, "ParseHTML", "E")[0].ts).toBe(ms(1105));
    expect(find(t, "Layout", "X")[0]).toMatchObject({ ts: ms(1110), dur: ms(5) });
    expect(find(t, "FunctionCall", "X")[0]).toMatchObject({ ts: ms(1301), dur: ms(2) });
    // Nothing on other threads moves, and nothing before the page's navigation.
    expect(find(t, "RunTask", "X", OTHER.tid)[0]).toMatchObject({ ts: ms(1100), dur: ms(40) });
    expect(cpuShare(t)).toBe(1);
  });

  it("refuses a trace without the page's navigation", () => {
    const t = trace();
    t.traceEvents.shift();
    expect(() => cpuShare(t)).toThrow(/navigation start/);
  });
});
