// @ts-check
// How quiet the machine was during a Lighthouse run, read from the run's own trace (Chrome's trace
// event format: each complete event has `dur`, its wall time, and `tdur`, the time its thread was
// on a CPU).
//
// Lighthouse's simulated slow phone multiplies each main-thread task's wall time by 4. On a busy
// machine (two CPUs shared by Chromium's processes, Lighthouse and whatever else runs) the page's
// main thread waits for a CPU in the middle of its tasks, and that wait is multiplied too: a task
// that computed for 9 ms but lasted 60 ms counts as a 240 ms task, 190 ms of blocking time.
//
// `cpuShare` says how much of its long tasks' time the main thread actually ran. `atCpuTime`
// rewrites the trace as a quiet machine would have recorded it: each main-thread task lasts its
// CPU time, and the events inside it shrink with it. Lighthouse's audits run on that trace give an
// estimate of the figures on a quiet machine. It is an optimistic one: CPU time also leaves out
// the moments a task waited for another process (the GPU, the network), which a quiet machine
// shortens but does not remove.

/** @typedef {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number, args?: any }} TraceEvent An event of the trace, as far as these read it. */

/** Tasks shorter than this are too short to block (Lighthouse counts from 50 ms simulated, 12.5 ms here). */
const LONG_TASK_US = 10_000;

/**
 * The renderer main thread that loaded the page: the one that marked the main frame's navigation start.
 * @param {TraceEvent[]} events
 */
function pageMainThread(events) {
  const starts = events.filter(
    (e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && String(e.args?.data?.documentLoaderURL ?? "").startsWith("http"),
  );
  const start = starts.at(-1);
  if (!start) throw new Error("the trace has no navigation start of the page");
  return { pid: start.pid, tid: start.tid };
}

/**
 * The main thread's top-level tasks ("RunTask") that carry their CPU time.
 * @param {TraceEvent[]} events
 * @param {{ pid: number, tid: number }} thread
 */
const tasksOf = (events, { pid, tid }) =>
  events.filter((e) => e.pid === pid && e.tid === tid && e.name === "RunTask" && e.ph === "X" && (e.dur ?? 0) > 0 && e.tdur !== undefined);

/**
 * The share (0–1) of its long tasks' wall time the page's main thread spent on a CPU.
 * @param {{ traceEvents: TraceEvent[] }} trace
 */
export function cpuShare({ traceEvents }) {
  const long = tasksOf(traceEvents, pageMainThread(traceEvents)).filter((t) => (t.dur ?? 0) >= LONG_TASK_US);
  const wall = long.reduce((sum, t) => sum + (t.dur ?? 0), 0);
  const cpu = long.reduce((sum, t) => sum + Math.min(t.tdur ?? 0, t.dur ?? 0), 0);
  return wall ? cpu / wall : 1;
}

/**
 * The trace with each of the page's main-thread tasks shortened to its CPU time (changed in place).
 * A task keeps its start; every event of that thread inside it moves and shrinks in proportion,
 * so what ran inside what stays as it was.
 * @param {{ traceEvents: TraceEvent[] }} trace
 */
export function atCpuTime(trace) {
  const events = trace.traceEvents;
  const thread = pageMainThread(events);
  const tasks = tasksOf(events, thread).sort((a, b) => a.ts - b.ts);
  const inner = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name !== "RunTask").sort((a, b) => a.ts - b.ts);
  let next = 0;
  for (const task of tasks) {
    const wall = task.dur ?? 0;
    const ratio = Math.min(1, (task.tdur ?? wall) / wall);
    const end = task.ts + wall;
    const newEnd = task.ts + wall * ratio;
    while (next < inner.length && inner[next].ts < task.ts) next++;
    for (let i = next; i < inner.length && inner[i].ts <= end; i++) {
      const event = inner[i];
      event.ts = task.ts + (event.ts - task.ts) * ratio;
      if (event.dur !== undefined) event.dur = Math.min(event.dur * ratio, newEnd - event.ts);
      if (event.tdur !== undefined) event.tdur = Math.min(event.tdur, event.dur ?? event.tdur);
    }
    task.dur = wall * ratio;
  }
  return trace;
}
