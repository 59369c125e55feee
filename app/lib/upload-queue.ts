/**
 * The phone's upload queue (docs/decisions/0065-uploads-wait-for-the-signal.md): every file a guest
 * sends is first kept in IndexedDB with where it goes, 'Tu nombre' and a random key, then sent; it
 * leaves the queue only when the server has it or refused it. Browser-only, loaded by the gallery's
 * and a table's page's scripts alone (never the home page's).
 *
 * The store, the addresses, what an answer means and a round of sends are `queued-uploads.ts`,
 * shared with the service worker. Here: the page's sender (XMLHttpRequest for its upload progress;
 * one sender across tabs and the service worker with the Web Locks API where the browser has it),
 * what the page shows, and the Background Sync it asks for where the browser has one (decision
 * 0071): the service worker then sends what waits when the connection returns, the tab closed or not.
 */
import {
  queueStore,
  sendRound,
  uploadForm,
  uploadUrl,
  outcomeOf,
  UPLOAD_CHANNEL,
  UPLOAD_QUEUE_LOCK,
  UPLOAD_SYNC_TAG,
  type QueuedUpload,
  type QueueNews,
  type SendOutcome,
} from "~/lib/queued-uploads";
import { UPLOAD_KEY_HEADER } from "~/lib/upload-key";

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
    xhr.send(uploadForm(item));
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

/** The retries' waits while files wait: from 5 s, doubled each time, up to 5 minutes. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;

const KEPT: ReadonlySet<EntryStatus> = new Set(["offline", "later"]);

/** What the list shows of a file once a send (this page's, another tab's or the service worker's) came to `outcome`. */
export function entryAfter(outcome: SendOutcome): Pick<QueueEntry, "status" | "progress" | "message"> {
  switch (outcome.kind) {
    case "stored":
      return { status: outcome.pending ? "pending" : "stored", progress: 100, message: null };
    case "refused":
      return { status: "refused", progress: 0, message: outcome.message };
    case "cancelled":
      return { status: "cancelled", progress: 0, message: null };
    case "later":
      return { status: "later", progress: 0, message: outcome.message };
    case "offline":
      return { status: "offline", progress: 0, message: null };
  }
}

type SyncingRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the service worker for a one-off Background Sync (Chromium's): when the browser next has a
 * connection, the worker sends what waits, whether or not a page of the site is open. Where the
 * browser has none (Firefox, Safari) or no worker runs, nothing: the page's own retries remain.
 */
function askForBackgroundSync() {
  if (typeof ServiceWorkerRegistration === "undefined" || !("sync" in ServiceWorkerRegistration.prototype) || !navigator.serviceWorker) return;
  void navigator.serviceWorker.ready.then((registration: SyncingRegistration) => registration.sync?.register(UPLOAD_SYNC_TAG)).catch(() => {});
}

/**
 * The page's sender: one per page (module state), started by the gallery's or a table's page's script. It sends what
 * the store holds, oldest first, when started, when a file is added, when the browser says it is
 * online again, and on a timer (with backoff) while files wait. Across tabs and the service worker
 * the Web Lock lets one send; another page shows what the sender tells it (its BroadcastChannel)
 * and looks again on its timer.
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
  private channel: BroadcastChannel | null = null;

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
    // What another tab or the service worker sends shows here as it happens.
    if (typeof BroadcastChannel !== "undefined") {
      this.channel = new BroadcastChannel(UPLOAD_CHANNEL);
      this.channel.onmessage = (event: MessageEvent<QueueNews>) => this.heard(event.data);
    }
    void this.refresh().then(() => this.kick());
  }

  /** Another sender's news: a file it is sending (no 'Quitar' meanwhile), then what became of it; the store is read again. */
  private heard(news: QueueNews) {
    const entry = this.entries.get(news.id);
    if (entry && !this.inFlight.has(news.id)) {
      if ("sending" in news) this.set(news.id, { status: "uploading", progress: 0, message: null });
      else this.set(news.id, entryAfter(news.outcome));
    }
    if ("outcome" in news) void this.refresh();
  }

  /** A file in the store as far as this page knows, not being sent by it (waiting, kept, or being sent by another sender). */
  private stillQueued(entry: QueueEntry) {
    return entry.status === "waiting" || KEPT.has(entry.status) || (entry.status === "uploading" && !this.inFlight.has(entry.id));
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
    // Sent by another tab or the service worker meanwhile.
    for (const entry of this.entries.values())
      if (!held.has(entry.id) && this.stillQueued(entry)) {
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
    // The page's own sender first (its lock is asked for now), then the Background Sync, which
    // sends what is still here if the page is closed or the connection is gone.
    this.kick();
    if (ids.length > 0) askForBackgroundSync();
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
    const waiting = [...this.entries.values()].some((e) => this.stillQueued(e));
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
    await locks.request(UPLOAD_QUEUE_LOCK, { ifAvailable: true }, async (lock) => {
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
      askForBackgroundSync();
      return;
    }
    const round = await sendRound(items, {
      send: (item) => {
        const sent = sendUpload(item, (progress) => this.set(item.id, { progress }));
        this.inFlight.set(item.id, sent.abort);
        return sent.done.finally(() => this.inFlight.delete(item.id));
      },
      remove: (id) => queueStore.remove(id),
      // Removed ('Quitar') or cancelled since the list was read: never sent.
      skip: (item) => {
        const entry = this.entries.get(item.id);
        return !entry || entry.status === "cancelled";
      },
      started: (item) => this.set(item.id, { status: "uploading", progress: 0, message: null }),
      finished: (item, outcome) => {
        if (outcome.kind === "stored") this.retryMs = FIRST_RETRY_MS;
        this.set(item.id, entryAfter(outcome));
      },
      announce: (news) => this.channel?.postMessage(news),
    });
    if (round.offline) {
      // With no connection the rest wait too, and the Background Sync sends them when it returns.
      for (const item of round.waiting) if (this.entries.get(item.id)?.status === "waiting") this.set(item.id, { status: "offline", progress: 0 });
      askForBackgroundSync();
    }
  }
}

/** This page's queue. */
export const uploadQueue = new UploadQueue();
