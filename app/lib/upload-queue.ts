/**
 * The phone's upload queue (docs/decisions/0065-uploads-wait-for-the-signal.md): every file a guest
 * sends is first kept in IndexedDB with where it goes, 'Tu nombre' and a random key, then sent; it
 * leaves the queue only when the server has it or refused it. Browser-only, loaded by the gallery's
 * and a table's page's scripts alone (never the home page's).
 *
 * Two halves: the store (`idb`, which a service worker could use as is: no window, no document)
 * and the sender (XMLHttpRequest for its upload progress; one sender across tabs with the Web
 * Locks API where the browser has it).
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
  }));

/** The store: what waits, oldest first. */
export const queueStore = {
  async put(item: QueuedUpload): Promise<void> {
    await (await database()).put(STORE, item);
  },
  async all(): Promise<QueuedUpload[]> {
    return (await database()).getAllFromIndex(STORE, "createdAt");
  },
  async remove(id: string): Promise<void> {
    await (await database()).delete(STORE, id);
  },
};

/**
 * Where a queued file is posted: a table card's page's file to its table's address (the server
 * puts it in the tables' section, tagged with the table), any other to the gallery's upload API
 * with its section. Whichever page sends it, a file goes to the one address its key counts for,
 * so it is stored once.
 */
export const uploadUrl = (item: Pick<QueuedUpload, "sectionId" | "tableToken">) =>
  item.tableToken ? `/api/tables/${encodeURIComponent(item.tableToken)}/media` : `/api/gallery/sections/${item.sectionId}/media`;

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

/** Sends one queued file with its key (XMLHttpRequest: the one browser API that reports a body's progress). */
export function sendUpload(item: QueuedUpload, onProgress: (percent: number) => void): { done: Promise<SendOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<SendOutcome>((resolve) => {
    xhr.open("POST", uploadUrl(item));
    xhr.setRequestHeader(UPLOAD_KEY_HEADER, item.id);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve(outcomeOf(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ kind: "offline" });
    xhr.ontimeout = () => resolve({ kind: "offline" });
    xhr.onabort = () => resolve({ kind: "cancelled" });
    const form = new FormData();
    // Before the file: the server reads the fields sent ahead of it (a video's poster too).
    form.set("uploaderName", item.uploaderName);
    if (item.poster) form.set("poster", item.poster, "poster.jpg");
    form.set("file", new File([item.file], item.name, { type: item.type }));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** What the page shows of one queued file. */
export type EntryStatus = "waiting" | "uploading" | "offline" | "later" | "stored" | "pending" | "refused" | "cancelled";
export interface QueueEntry {
  id: string;
  sectionId: number;
  tableToken: string | null;
  name: string;
  isVideo: boolean;
  /** An object URL: the photo itself, or a video's poster; null: a plain tile. */
  thumb: string | null;
  status: EntryStatus;
  progress: number;
  message: string | null;
}

export interface QueueSnapshot {
  entries: readonly QueueEntry[];
  /** Files kept for lack of a connection (or a limit for now): 'Esperando conexión (N)'. */
  waitingForConnection: number;
}

/** Files sent at the same time: a phone on the venue's network shares its bandwidth, the server decodes two at once. */
const PARALLEL = 2;
/** The retries' waits while files wait: from 5 s, doubled each time, up to 5 minutes. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;
const LOCK = "wedding-upload-queue";

const KEPT: ReadonlySet<EntryStatus> = new Set(["offline", "later"]);

/**
 * The page's sender: one per page (module state), started by the gallery's or a table's page's script. It sends what
 * the store holds, oldest first, when started, when a file is added, when the browser says it is
 * online again, and on a timer (with backoff) while files wait. Across tabs the Web Lock lets one
 * send; another tab's page shows what it holds and looks again on its timer.
 */
class UploadQueue {
  private entries = new Map<string, QueueEntry>();
  private snapshot: QueueSnapshot = { entries: [], waitingForConnection: 0 };
  private listeners = new Set<() => void>();
  private inFlight = new Map<string, () => void>();
  /** Keys the guest cancelled, perhaps before the queue held them. */
  private cancelled = new Set<string>();
  private draining = false;
  private again = false;
  private started = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryMs = FIRST_RETRY_MS;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private emit() {
    const entries = [...this.entries.values()];
    this.snapshot = { entries, waitingForConnection: entries.filter((e) => KEPT.has(e.status)).length };
    for (const listener of this.listeners) listener();
  }

  private set(id: string, change: Partial<QueueEntry>) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.set(id, { ...entry, ...change });
    this.emit();
  }

  private entryOf(item: QueuedUpload, status: EntryStatus = "waiting"): QueueEntry {
    const isVideo = item.type.startsWith("video/");
    const picture = isVideo ? item.poster : item.file;
    return {
      id: item.id,
      sectionId: item.sectionId,
      tableToken: item.tableToken,
      name: item.name,
      isVideo,
      thumb: picture ? URL.createObjectURL(picture) : null,
      status,
      progress: 0,
      message: null,
    };
  }

  /** Starts this page's sender once: what earlier visits left is shown and sent. */
  start() {
    if (this.started || typeof window === "undefined") return;
    this.started = true;
    window.addEventListener("online", () => {
      this.retryMs = FIRST_RETRY_MS;
      this.kick();
    });
    void this.refresh().then(() => this.kick());
  }

  /** Shows what the store holds that this page does not (another visit's or another tab's files). */
  private async refresh() {
    const items = await queueStore.all().catch(() => []);
    const held = new Set(items.map((i) => i.id));
    let changed = false;
    for (const item of items)
      if (!this.entries.has(item.id)) {
        this.entries.set(item.id, this.entryOf(item, navigator.onLine ? "waiting" : "offline"));
        changed = true;
      }
    // Sent by another tab meanwhile.
    for (const entry of this.entries.values())
      if (!held.has(entry.id) && (entry.status === "waiting" || KEPT.has(entry.status))) {
        this.entries.set(entry.id, { ...entry, status: "stored", progress: 100 });
        changed = true;
      }
    if (changed) this.emit();
    return items;
  }

  /** Keeps each file in the store (its key: `id`, or a new random one), then sends. Resolves with their ids once they are kept. */
  async add(files: (Omit<QueuedUpload, "id" | "createdAt"> & { id?: string })[]): Promise<string[]> {
    const ids: string[] = [];
    const now = Date.now();
    for (const [i, file] of files.entries()) {
      const item: QueuedUpload = { ...file, id: file.id ?? crypto.randomUUID(), createdAt: now + i };
      // Cancelled while it was being prepared (its poster drawn): never kept.
      if (this.cancelled.has(item.id)) continue;
      await queueStore.put(item);
      this.entries.set(item.id, this.entryOf(item, navigator.onLine ? "waiting" : "offline"));
      ids.push(item.id);
    }
    this.emit();
    this.retryMs = FIRST_RETRY_MS;
    this.kick();
    return ids;
  }

  /** 'Quitar': a file not being sent leaves the queue, never sent (listed as cancelled until forgotten). */
  async remove(id: string) {
    const entry = this.entries.get(id);
    if (!entry || entry.status === "uploading") return;
    await queueStore.remove(id);
    this.set(id, { status: "cancelled" });
  }

  /** Stops what is being sent now and removes these files from the queue (the guest cancelled them). */
  async cancel(ids: readonly string[]) {
    for (const id of ids) {
      this.cancelled.add(id);
      this.inFlight.get(id)?.();
      await queueStore.remove(id);
      const entry = this.entries.get(id);
      if (entry && !["stored", "pending", "refused"].includes(entry.status)) this.entries.set(id, { ...entry, status: "cancelled" });
    }
    this.emit();
  }

  /** Forgets finished files from the list (their thumbnails too). */
  forget(ids: readonly string[]) {
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry || entry.status === "uploading" || entry.status === "waiting" || KEPT.has(entry.status)) continue;
      if (entry.thumb) URL.revokeObjectURL(entry.thumb);
      this.entries.delete(id);
    }
    this.emit();
  }

  kick() {
    if (this.draining) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.draining = true;
    void this.drainWithLock().finally(() => {
      this.draining = false;
      if (this.again) {
        this.again = false;
        this.kick();
      } else this.scheduleRetry();
    });
  }

  private scheduleRetry() {
    if (this.timer || this.entries.size === 0) return;
    const waiting = [...this.entries.values()].some((e) => e.status === "waiting" || KEPT.has(e.status));
    if (!waiting) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }

  private async drainWithLock() {
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (!locks) return this.drain();
    await locks.request(LOCK, { ifAvailable: true }, async (lock) => {
      // Another tab is sending: show what it leaves, look again later.
      if (!lock) await this.refresh();
      else await this.drain();
    });
  }

  private async drain() {
    this.again = false;
    const items = await this.refresh();
    if (items.length === 0) return;
    if (!navigator.onLine) {
      for (const item of items) this.set(item.id, { status: "offline", progress: 0 });
      return;
    }
    let next = 0;
    let stop = false;
    const worker = async () => {
      while (next < items.length && !stop) {
        const item = items[next++]!;
        // Removed ('Quitar') or cancelled since the list was read: never sent.
        const entry = this.entries.get(item.id);
        if (!entry || entry.status === "cancelled") continue;
        this.set(item.id, { status: "uploading", progress: 0, message: null });
        const sent = sendUpload(item, (progress) => this.set(item.id, { progress }));
        this.inFlight.set(item.id, sent.abort);
        const outcome = await sent.done;
        this.inFlight.delete(item.id);
        if (outcome.kind === "stored") {
          await queueStore.remove(item.id);
          this.retryMs = FIRST_RETRY_MS;
          this.set(item.id, { status: outcome.pending ? "pending" : "stored", progress: 100 });
        } else if (outcome.kind === "refused") {
          await queueStore.remove(item.id);
          this.set(item.id, { status: "refused", message: outcome.message });
        } else if (outcome.kind === "cancelled") {
          this.set(item.id, { status: "cancelled" });
        } else {
          // Kept for a later try; with no connection the rest wait too.
          this.set(item.id, { status: outcome.kind, progress: 0, message: outcome.kind === "later" ? outcome.message : null });
          if (outcome.kind === "offline") stop = true;
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    if (stop) for (const item of items.slice(next)) if (this.entries.get(item.id)?.status === "waiting") this.set(item.id, { status: "offline", progress: 0 });
  }
}

/** This page's queue. */
export const uploadQueue = new UploadQueue();
