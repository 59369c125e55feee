import crypto from "node:crypto";

const TAG = /^[0-9a-f]{8,32}$/;

/** Whether a string is a worker's tag (what the primary hands out: hex, nothing a path could carry). */
export const isWorkerTag = (value: string) => TAG.test(value);

/**
 * This process's mark in the names of the temporary files it writes (an upload on its way to the
 * store). The cluster's primary gives each worker its own (WEDDING_WORKER_TAG) and, when a worker
 * dies, has its replacement remove the files that carry the dead one's tag: a worker killed in the
 * middle of an upload leaves nothing behind until the next full start. A process started on its
 * own gets a random one (its leftovers go at the next start's sweep).
 */
export const WORKER_TAG: string = isWorkerTag(process.env.WEDDING_WORKER_TAG ?? "") ? process.env.WEDDING_WORKER_TAG! : crypto.randomBytes(6).toString("hex");
