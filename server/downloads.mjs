// @ts-check
// Long downloads (the gallery ZIP, docs/decisions/0013-gallery-zip-streams-with-backpressure.md):
// their slots, counted for the whole server. How their bytes reach a slow client, and when one that
// stopped reading is cut off, is every answer's rule (server/streaming.mjs).
//
// The limits are the app's (app/models/archive.server.ts names them); they are counted here because
// they hold for every worker together: in the cluster each worker asks the primary, which keeps the
// one count (server/primary.mjs) and frees the slots of a worker that dies.
import { MESSAGES } from "./cluster-mode.mjs";

/**
 * @typedef {{ perClient: number, total: number }} SlotLimits
 * @typedef {{ release: () => void }} Slot
 * @typedef {(client: string, limits: SlotLimits) => Promise<Slot | null>} TakeSlot
 */

/** How long a worker waits for the primary's answer to an ask for a slot. */
const ASK_TIMEOUT_MS = 5000;

/** The count of slots held, by client and by owner (a worker's id; 0 in a single process). */
export function createSlotKeeper() {
  /** @type {Map<number, { client: string, owner: number }>} */
  const held = new Map();
  let nextId = 1;
  const heldBy = (/** @type {string} */ client) => [...held.values()].filter((slot) => slot.client === client).length;
  return {
    /**
     * A slot's id, or null when the client or the server already holds as many as the limits allow.
     * @param {{ client: string, owner?: number } & SlotLimits} request
     */
    take({ client, owner = 0, perClient, total }) {
      if (held.size >= total || heldBy(client) >= perClient) return null;
      const id = nextId++;
      held.set(id, { client, owner });
      return id;
    },
    /** @param {number} id */
    release(id) {
      held.delete(id);
    },
    /** Every slot a worker held (it died). @param {number} owner */
    releaseOwner(owner) {
      for (const [id, slot] of held) if (slot.owner === owner) held.delete(id);
    },
    size: () => held.size,
  };
}

/**
 * Slots taken from a keeper in this process (no cluster).
 * @param {ReturnType<typeof createSlotKeeper>} keeper
 * @returns {TakeSlot}
 */
export function localSlots(keeper) {
  return async (client, limits) => {
    const id = keeper.take({ client, ...limits });
    return id === null ? null : onceOnly(() => keeper.release(id));
  };
}

/**
 * Slots asked of the cluster's primary over the worker's IPC channel.
 * @param {NodeJS.Process} worker this worker's process (process.send, process.on("message"))
 * @returns {TakeSlot}
 */
export function slotsFromPrimary(worker) {
  /** @type {Map<number, (id: number | null) => void>} */
  const waiting = new Map();
  let nextAsk = 1;
  const send = (/** @type {object} */ message) => worker.connected && worker.send?.(message);
  const release = (/** @type {number} */ id) => send({ type: MESSAGES.slotRelease, slot: id });
  worker.on("message", (/** @type {any} */ message) => {
    if (message?.type !== MESSAGES.slotAnswer) return;
    const answer = waiting.get(message.ask);
    waiting.delete(message.ask);
    if (answer) answer(message.slot);
    // An answer after the ask gave up: the slot is handed back at once.
    else if (message.slot !== null) release(message.slot);
  });
  return (client, limits) =>
    new Promise((resolve) => {
      const ask = nextAsk++;
      // A primary too busy to answer within ASK_TIMEOUT_MS: no slot (the guest is asked to retry).
      const giveUp = setTimeout(() => {
        waiting.delete(ask);
        resolve(null);
      }, ASK_TIMEOUT_MS);
      waiting.set(ask, (id) => {
        clearTimeout(giveUp);
        resolve(id === null ? null : onceOnly(() => release(id)));
      });
      // No channel to the primary (it is stopping): no slot, the download is refused.
      if (!send({ type: MESSAGES.slotTake, ask, client, perClient: limits.perClient, total: limits.total })) {
        clearTimeout(giveUp);
        waiting.delete(ask);
        resolve(null);
      }
    });
}

/**
 * The primary's side: answers a worker's asks from the one keeper.
 * @param {ReturnType<typeof createSlotKeeper>} keeper
 * @param {import("node:cluster").Worker} worker
 * @param {any} message
 */
export function answerSlotMessage(keeper, worker, message) {
  if (message?.type === MESSAGES.slotTake) {
    const slot = keeper.take({ client: String(message.client), owner: worker.id, perClient: Number(message.perClient), total: Number(message.total) });
    if (worker.isConnected()) worker.send({ type: MESSAGES.slotAnswer, ask: message.ask, slot });
    else if (slot !== null) keeper.release(slot);
  } else if (message?.type === MESSAGES.slotRelease) {
    keeper.release(Number(message.slot));
  }
}

/** @param {() => void} release */
function onceOnly(release) {
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      release();
    },
  };
}
