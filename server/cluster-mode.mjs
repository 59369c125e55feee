// @ts-check
// Whether server.mjs starts the cluster (server/primary.mjs) or serves in one process.
import os from "node:os";

/**
 * A cluster unless WEB_CONCURRENCY is 1 (or, unset, the machine has one CPU), and never in
 * development (Vite's dev server is one process). A bad value still starts the cluster, whose boot
 * step stops with the configuration's message naming it.
 * @param {Record<string, string | undefined>} env
 */
export function wantsCluster(env, cpus = os.availableParallelism()) {
  if (env.NODE_ENV === "development") return false;
  const value = (env.WEB_CONCURRENCY ?? "").trim();
  if (value === "") return cpus > 1;
  return Number(value) !== 1;
}

/** Messages between the primary and its processes. */
export const MESSAGES = {
  booted: "wedding:booted",
  invalidate: "wedding:page-cache-invalidate",
  // A download slot, counted by the primary for every worker (server/downloads.mjs).
  slotTake: "wedding:slot-take",
  slotAnswer: "wedding:slot-answer",
  slotRelease: "wedding:slot-release",
  // A replacement worker removed the temporary files of the dead workers it was told of (app/infra/boot.server.ts).
  tempSwept: "wedding:temp-swept",
};

/**
 * Each worker's V8 heap limits, in MB (decisions 0015, 0019 and 0026). The old space is twice the
 * highest heap measured in a worker during the heaviest legitimate work at once (64 MB before a
 * collection, 54–55 MB alive after it: `node scripts/bench-peaks.mjs`, decision 0026).
 */
export const WORKER_HEAP = { youngMb: 8, oldMb: 128 };

/**
 * How the primary starts its workers (decision 0015): each worker's V8 heap kept small, a young
 * generation of YOUNG_MB and OLD_MB for the rest (a page's render needs far less; Node's defaults let
 * a busy worker grow to hundreds of MB before collecting), and glibc's malloc limited to two arenas
 * (one per thread by default, each holding freed memory). NODE_OPTIONS, node's own flags or the
 * environment naming a setting win. --expose-gc: a worker collects the garbage of loading the app once
 * it listens (server/main.mjs).
 * @param {{ execArgv: string[], env: Record<string, string | undefined> }} process
 * @returns {{ execArgv: string[], env: Record<string, string> }}
 */
export function workerSettings({ execArgv, env }) {
  const given = `${execArgv.join(" ")} ${env.NODE_OPTIONS ?? ""}`;
  return {
    execArgv: [
      ...execArgv,
      ...(given.includes("--max-semi-space-size") ? [] : [`--max-semi-space-size=${WORKER_HEAP.youngMb}`]),
      ...(given.includes("--max-old-space-size") ? [] : [`--max-old-space-size=${WORKER_HEAP.oldMb}`]),
      "--expose-gc",
    ],
    env: env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: "2" },
  };
}
