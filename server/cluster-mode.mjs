// Whether server.mjs starts the cluster (server/primary.mjs) or serves in one process.
import os from "node:os";

/**
 * A cluster unless WEB_CONCURRENCY is 1 (or, unset, the machine has one CPU), and never in
 * development (Vite's dev server is one process). A bad value still starts the cluster, whose boot
 * step stops with the configuration's message naming it.
 */
export function wantsCluster(env, cpus = os.availableParallelism()) {
  if (env.NODE_ENV === "development") return false;
  const value = (env.WEB_CONCURRENCY ?? "").trim();
  if (value === "") return cpus > 1;
  return Number(value) !== 1;
}

/** Messages between the primary and its processes. */
export const MESSAGES = { booted: "wedding:booted", invalidate: "wedding:page-cache-invalidate" };
