// @ts-check
// The cluster's primary process (docs/decisions/0015-workers-and-shared-state.md): it never loads the
// app, so it stays small. It starts one process that boots (configuration check, migrations, seed,
// orphan sweep, the demo codes and a generated password printed once, .secrets.json written once),
// and once that process has ended well, WEB_CONCURRENCY workers that serve on one port. A worker that
// dies is replaced (the replacement removes the temporary files it left); SIGTERM (or SIGINT) stops every worker, each finishing its requests, then exits.
// It also relays "a write succeeded" from one worker to the others, so their page caches empty too,
// and keeps the one count of download slots for all of them (server/downloads.mjs).
import cluster from "node:cluster";
import crypto from "node:crypto";
import { MESSAGES, workerSettings } from "./cluster-mode.mjs";
import { answerSlotMessage, createSlotKeeper } from "./downloads.mjs";
import { listeningLine } from "./listening-line.mjs";

// A worker that dies this soon after it started waits before being replaced, so a worker that cannot
// start does not spin the CPU.
const QUICK_DEATH_MS = 5000;
const RESTART_DELAY_MS = 1000;
const STOP_TIMEOUT_MS = 10_000;

let stopping = false;
let wanted = 0;
let announced = false;
/** Workers that have started serving (the site is announced once all of them have). */
const listening = new Set();
/** The ZIP downloads under way in every worker. */
const downloadSlots = createSlotKeeper();
/**
 * The tags of workers that died and whose temporary files (an upload cut off) no replacement has
 * removed yet: each new worker is handed them (WEDDING_SWEEP_TAGS) and says when they are gone.
 */
const unswept = new Set();

function startWorker() {
  if (stopping) return;
  const startedAt = Date.now();
  // Each worker marks its temporary files with a tag of its own (app/infra/worker-tag.server.ts).
  const tag = crypto.randomBytes(6).toString("hex");
  const worker = cluster.fork({ ...settings.env, WEDDING_WORKER_ROLE: "serve", WEDDING_WORKER_TAG: tag, WEDDING_SWEEP_TAGS: [...unswept].join(",") });
  worker.on("message", (message) => {
    answerSlotMessage(downloadSlots, worker, message);
    if (message?.type === MESSAGES.tempSwept && Array.isArray(message.tags)) for (const swept of message.tags) unswept.delete(swept);
    if (message?.type !== MESSAGES.invalidate) return;
    for (const other of Object.values(cluster.workers ?? {})) {
      if (other && other !== worker && other.isConnected()) other.send({ type: MESSAGES.invalidate });
    }
  });
  worker.on("listening", (address) => {
    listening.add(worker.id);
    if (!announced && listening.size >= wanted) {
      announced = true;
      // The boot step validated PUBLIC_URL before any worker started.
      console.log(listeningLine({ host: address.address, port: address.port, publicUrl: process.env.PUBLIC_URL, workers: wanted }));
    }
  });
  worker.on("exit", (code, signal) => {
    listening.delete(worker.id);
    // Its downloads died with it.
    downloadSlots.releaseOwner(worker.id);
    if (stopping) return;
    // Its temporary files are its replacement's to remove.
    unswept.add(tag);
    console.error(`Worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`);
    setTimeout(startWorker, Date.now() - startedAt < QUICK_DEATH_MS ? RESTART_DELAY_MS : 0);
  });
}

function stop() {
  if (stopping) return;
  stopping = true;
  const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
  if (workers.length === 0) process.exit(0);
  for (const worker of workers) worker?.process.kill("SIGTERM");
  cluster.on("exit", () => {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
  setTimeout(() => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
    process.exit(1);
  }, STOP_TIMEOUT_MS).unref();
}

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, stop);

const settings = workerSettings({ execArgv: process.execArgv, env: process.env });
cluster.setupPrimary({ execArgv: settings.execArgv });

// Boot once, in a process of its own, before any worker serves.
const boot = cluster.fork({ ...settings.env, WEDDING_WORKER_ROLE: "boot" });
boot.on("message", (message) => {
  if (message?.type === MESSAGES.booted) wanted = message.workers;
});
boot.on("exit", (code) => {
  // A bad configuration: the boot process printed why.
  if (code !== 0 || !wanted) process.exit(code || 1);
  if (stopping) process.exit(0);
  for (let i = 0; i < wanted; i++) startWorker();
});
