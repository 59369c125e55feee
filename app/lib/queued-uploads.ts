/**
 * The phone's upload queue without its page (decisions 0065, 0070, 0071): the store, where a file
 * goes, what an answer means, and the rule of a round of sends. No window, no document, no
 * XMLHttpRequest: the page's queue (`upload-queue.ts`) and the service worker's Background Sync
 * (`app/sw/service-worker.ts`) both import it, so a file is sent and settled one way whoever sends it.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { UPLOAD_KEY_HEADER } from "~/lib/upload-key";

/** One file waiting to be sent. `id` is the idempotency key the server stores it under. */
export interface QueuedUpload {
  id: string;
  sectionId: number;
  /** The table card's page it was chosen on, when it was (its token); null from the gallery. `sectionId` is then the tables' section when chosen (the server decides where it goes). */
  tableToken: string | null;
  uploaderName: string;
  file: Blob;
  name: string;
  type: string;
  /** A video's first frame, drawn when it was chosen (sent as its poster, shown as its thumbnail). */
  poster: Blob | null;
  createdAt: number;
}

interface QueueSchema extends DBSchema {
  uploads: { key: string; value: QueuedUpload; indexes: { createdAt: number } };
}

const DB_NAME = "wedding-uploads";
const STORE = "uploads";

let opened: Promise<IDBPDatabase<QueueSchema>> | null = null;
const database = () =>
  (opened ??= openDB<QueueSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "id" }).createIndex("createdAt", "createdAt");
    },
    // A newer build's page or worker wants to upgrade the store: this connection closes (a later
    // use opens the store again) rather than block the upgrade while this page or worker lives.
    blocking() {
      const closing = opened;
      opened = null;
      void closing?.then((db) => db.close());
    },
  }));

/** The store: what waits, oldest first. */
export const queueStore = {
  async put(item: QueuedUpload): Promise<void> {
    await (await database()).put(STORE, item);
  },
  async all(): Promise<QueuedUpload[]> {
    return (await database()).getAllFromIndex(STORE, "createdAt");
  },
  async has(id: string): Promise<boolean> {
    return (await (await database()).getKey(STORE, id)) !== undefined;
  },
  async remove(id: string): Promise<void> {
    await (await database()).delete(STORE, id);
  },
};

/** One sender at a time across the site's tabs and its service worker (the Web Locks API). */
export const UPLOAD_QUEUE_LOCK = "wedding-upload-queue";
/** The one-off Background Sync the page asks for while files wait: the service worker sends them. */
export const UPLOAD_SYNC_TAG = "upload-queue";
/** Where each sender tells the site's other open pages what it is sending and what became of it. */
export const UPLOAD_CHANNEL = "wedding-upload-queue";

/**
 * Where a queued file is posted: a table card's page's file to its table's address (the server
 * puts it in the tables' section, tagged with the table), any other to the gallery's upload API
 * with its section. Whichever page sends it, a file goes to the one address its key counts for,
 * so it is stored once.
 */
export const uploadUrl = (item: Pick<QueuedUpload, "sectionId" | "tableToken">) =>
  item.tableToken ? `/api/tables/${encodeURIComponent(item.tableToken)}/media` : `/api/gallery/sections/${item.sectionId}/media`;

/** The form a queued file is posted as: 'Tu nombre' and a video's poster before the file (the server reads the fields sent ahead of it). */
export function uploadForm(item: QueuedUpload): FormData {
  const form = new FormData();
  form.set("uploaderName", item.uploaderName);
  if (item.poster) form.set("poster", item.poster, "poster.jpg");
  form.set("file", new File([item.file], item.name, { type: item.type }));
  return form;
}

/**
 * What a send came to:
 * - `stored`: the server has it (`pending`: waiting for the couple's review);
 * - `refused`: the server will never take it (too large, not a photo…): dropped, with its message;
 * - `offline`: no answer from the site (no signal, the proxy's 502/503/504 with no message of the site's): kept;
 * - `later`: the site is at a limit for now (429, 409 the same file still arriving, a ceiling's 503 or 507, a 500): kept, with its message;
 * - `cancelled`: stopped on this page.
 */
export type SendOutcome =
  | { kind: "stored"; pending: boolean }
  | { kind: "refused"; message: string | null }
  | { kind: "offline" }
  | { kind: "later"; message: string | null }
  | { kind: "cancelled" };

/** An answer's status and body (JSON with `error`, or anything else) as an outcome. */
export function outcomeOf(status: number, body: string): SendOutcome {
  let json: { status?: unknown; error?: unknown } | null = null;
  try {
    json = JSON.parse(body) as { status?: unknown; error?: unknown };
  } catch {
    // Not the site's answer: a proxy's page, or nothing.
  }
  if (status === 201) return { kind: "stored", pending: json?.status === "pending" };
  const message = typeof json?.error === "string" ? json.error : null;
  // Nothing from the site, or a gateway's answer without the site's own message.
  if (status === 0 || ([502, 503, 504].includes(status) && message === null)) return { kind: "offline" };
  if ([409, 429, 503, 507].includes(status) || status >= 500) return { kind: "later", message };
  return { kind: "refused", message };
}

/** A file leaves the queue once the server has it or will never take it; any other outcome keeps it for a later try. */
export const leavesQueue = (outcome: SendOutcome): boolean => outcome.kind === "stored" || outcome.kind === "refused";

/** Sends one queued file with `fetch` (a service worker has no XMLHttpRequest; no progress there). Never throws: a failed request is `offline`. */
export async function fetchUpload(item: QueuedUpload): Promise<SendOutcome> {
  try {
    const response = await fetch(uploadUrl(item), {
      method: "POST",
      headers: { [UPLOAD_KEY_HEADER]: item.id },
      body: uploadForm(item),
      credentials: "same-origin",
    });
    return outcomeOf(response.status, await response.text());
  } catch {
    return { kind: "offline" };
  }
}

/** What one sender tells the others: a file it is sending now, or what became of it. */
export type QueueNews = { id: string; sending: true } | { id: string; outcome: SendOutcome };

/** Files sent at the same time: a phone on the venue's network shares its bandwidth, the server decodes two at once. */
export const PARALLEL = 2;

export interface RoundHooks {
  send(item: QueuedUpload): Promise<SendOutcome>;
  /** Takes a file out of the store. */
  remove(id: string): Promise<void>;
  /** Whether a file is no longer to be sent (removed or cancelled since the list was read). */
  skip?(item: QueuedUpload): boolean | Promise<boolean>;
  started?(item: QueuedUpload): void;
  finished?(item: QueuedUpload, outcome: SendOutcome): void;
  announce?(news: QueueNews): void;
}

export interface RoundResult {
  /** A send found no connection: the files after it were not tried. */
  offline: boolean;
  /** The files still in the queue after the round (kept for a later try, or not tried). */
  waiting: QueuedUpload[];
}

/**
 * One round over the queue, oldest first, `PARALLEL` at a time: a file the server has or refused
 * leaves the store (then `finished` and the news), one kept stays; with no connection the rest are
 * not tried (they would fail the same way).
 */
export async function sendRound(items: readonly QueuedUpload[], hooks: RoundHooks): Promise<RoundResult> {
  let next = 0;
  let offline = false;
  const waiting: QueuedUpload[] = [];
  const worker = async () => {
    while (next < items.length && !offline) {
      const item = items[next++]!;
      if (await hooks.skip?.(item)) continue;
      hooks.started?.(item);
      hooks.announce?.({ id: item.id, sending: true });
      const outcome = await hooks.send(item);
      if (leavesQueue(outcome)) await hooks.remove(item.id);
      else if (outcome.kind !== "cancelled") waiting.push(item);
      if (outcome.kind === "offline") offline = true;
      hooks.finished?.(item, outcome);
      hooks.announce?.({ id: item.id, outcome });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const notTried = items.slice(next);
  return { offline, waiting: [...waiting, ...notTried] };
}
