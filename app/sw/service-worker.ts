/**
 * The service worker (decision 0064): the site opens without signal with what the guest already
 * saw. Bundled by scripts/build-sw.mjs (esbuild), then Workbox's injectManifest writes the build's
 * files and their revisions into `self.__WB_MANIFEST`; served as /sw.js (server/main.mjs).
 *
 * It only adds to what the browser does: what `offlineRule` calls "network" is passed through, so
 * the admin, the API, the door, the setup and every POST behave exactly as without it. Where the
 * browser has Background Sync, it also sends the phone's upload queue when the page asked for it
 * (decision 0071).
 */
import { PrecacheController, PrecacheRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import type { WorkboxPlugin } from "workbox-core/types";
import { OFFLINE_CACHES, OFFLINE_PAGE, offlineRule, pageOfDataPath } from "~/lib/offline-rules";
import { fetchUpload, queueStore, sendRound, UPLOAD_CHANNEL, UPLOAD_QUEUE_LOCK, UPLOAD_SYNC_TAG } from "~/lib/queued-uploads";

type Extendable = Event & { waitUntil(promise: Promise<unknown>): void };
type MessageLike = Extendable & { data: unknown };
type SyncLike = Extendable & { tag: string };
type Scope = {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  addEventListener(type: "install" | "activate", listener: (event: Extendable) => void): void;
  addEventListener(type: "message", listener: (event: MessageLike) => void): void;
  addEventListener(type: "sync", listener: (event: SyncLike) => void): void;
};
const sw = self as unknown as Scope;
const origin = sw.location.origin;

const { pages: PAGES, thumbnails: THUMBNAILS, held: HELD } = OFFLINE_CACHES;
const HELD_KEY = `${origin}/__held-invitation`;

const precache = new PrecacheController();
// Written as `self.__WB_MANIFEST`: the place injectManifest looks for.
precache.addToCacheList((self as unknown as Scope).__WB_MANIFEST);
// Neither skipWaiting nor clientsClaim: a new build's worker waits until no page of the site is
// open, so a page never changes workers halfway (Remix loads route chunks lazily, and the old
// page's chunks must still be found).
sw.addEventListener("install", (event) => void precache.install(event as never));
sw.addEventListener("activate", (event) => event.waitUntil(dropOldFiles()));
registerRoute(new PrecacheRoute(precache));

/** A response worth keeping: a whole 200 answer (no redirect, no error page). */
const only200: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null),
};
/** What the server marked as not to be kept (an admin's view of a pending photo) stays out. */
const notPrivate: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (/\b(?:private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "") ? null : response),
};

// A guest's page: always the network's copy when there is signal (answers change); the kept copy
// of the same URL only when the network fails or takes longer than a phone at the venue should wait.
// These pages are `private, no-store` for the browser's HTTP cache when a guest's code cookie is
// set; they are kept here on purpose, in this browser's own storage, for that guest.
const pages = new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 8, plugins: [only200] });

registerRoute(
  ({ request }) => offlineRule(request, origin) === "page",
  async (options) => {
    const { request } = options;
    const response = await pages.handle(options);
    // A link followed inside the app asks for `/gallery.data`: its document is kept too, so a
    // reload or a later visit without signal opens it.
    const page = pageOfDataPath(new URL(request.url).pathname);
    if (page !== null && response.ok && options.event) options.event.waitUntil(keepDocument(documentUrl(request.url, page)).catch(() => {}));
    return response;
  },
);

registerRoute(({ request }) => offlineRule(request, origin) === "invitation-link", invitationLink);

registerRoute(
  ({ request }) => offlineRule(request, origin) === "thumbnail",
  new CacheFirst({
    cacheName: THUMBNAILS,
    plugins: [only200, notPrivate, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// An older build's file, still named by a page opened before the new worker took over.
registerRoute(({ request }) => offlineRule(request, origin) === "asset", new CacheFirst({ cacheName: precache.strategy.cacheName, plugins: [only200] }));

// Every other navigation goes to the network as usual; when it fails, the offline page.
registerRoute(({ request }) => request.mode === "navigate", new NetworkOnly());
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") return (await offlinePage()) ?? Response.error();
  return Response.error();
});

// Every page, once loaded, says which invitation this browser holds now (the one the site last
// showed, mirrored in its storage): a personal link opened offline opens the kept /confirm only
// for that invitation. The page that registered the worker was loaded without it: it asks for
// itself to be kept too.
sw.addEventListener("message", (event) => {
  const data = event.data as { keep?: unknown; invitation?: unknown } | null;
  if (!data) return;
  if (typeof data.invitation === "string" || data.invitation === null) event.waitUntil(rememberInvitation(data.invitation));
  if (typeof data.keep !== "string") return;
  const url = new URL(data.keep, origin);
  if (offlineRule({ url: url.href, method: "GET" }, origin) !== "page") return;
  event.waitUntil(keepDocument(url.href).catch(() => {}));
});

// The page asks for this one-off sync when it queues a file or a send finds no connection; the
// browser fires it once it has a connection, whether or not a page of the site is open.
sw.addEventListener("sync", (event) => {
  if (event.tag === UPLOAD_SYNC_TAG) event.waitUntil(sendQueuedUploads());
});

/**
 * Sends every file the queue holds, each to its own address with its key, as the page would
 * (`sendRound`: a file stored or refused leaves the queue, one kept stays), and tells the open
 * pages what became of each. It waits for the lock the page's sender holds, so the two never send
 * at once: what a page sent meanwhile is no longer in the store when the worker reads it. A file
 * still waiting (no connection, or a limit for now) rejects the sync: the browser fires it again
 * later.
 */
async function sendQueuedUploads(): Promise<void> {
  const round = async () => {
    const items = await queueStore.all();
    if (items.length === 0) return;
    const channel = new BroadcastChannel(UPLOAD_CHANNEL);
    try {
      const { waiting } = await sendRound(items, {
        send: fetchUpload,
        remove: (id) => queueStore.remove(id),
        // Removed from a page ('Quitar') since the list was read: never sent.
        skip: async (item) => !(await queueStore.has(item.id)),
        announce: (news) => channel.postMessage(news),
      });
      if (waiting.length > 0) throw new Error(`${waiting.length} upload(s) still waiting: the browser syncs again later`);
    } finally {
      channel.close();
    }
  };
  const locks = (self.navigator as Navigator | undefined)?.locks;
  if (locks) await locks.request(UPLOAD_QUEUE_LOCK, round);
  else await round();
}

async function rememberInvitation(code: string | null): Promise<void> {
  const cache = await caches.open(HELD);
  if (code) await cache.put(HELD_KEY, new Response(code.toUpperCase()));
  else await cache.delete(HELD_KEY);
}

async function offlinePage(): Promise<Response | undefined> {
  return precache.matchPrecache(OFFLINE_PAGE);
}

async function keepDocument(url: string): Promise<void> {
  const response = await fetch(url, { credentials: "same-origin", redirect: "manual", headers: { Accept: "text/html" } });
  if (response.status !== 200 || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return;
  await (await caches.open(PAGES)).put(url, response);
}

/** The document a data request stands for: its page, with the query but Remix's `_routes`. */
function documentUrl(dataUrl: string, page: string): string {
  const url = new URL(dataUrl);
  url.searchParams.delete("_routes");
  url.pathname = page;
  return url.href;
}

/**
 * `/i/{code}`: the server's answer when there is signal; offline, the kept `/confirm` when it is
 * this code's (the invitation this browser holds), else the offline page: a different guest's link
 * on the same phone never opens the first guest's invitation.
 */
async function invitationLink({ request }: { request: Request }): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const code = decodeURIComponent(new URL(request.url).pathname.slice("/i/".length)).toUpperCase();
    const held = await (await caches.open(HELD)).match(HELD_KEY);
    const kept = await (await caches.open(PAGES)).match(`${origin}/confirm`);
    if (held && (await held.text()) === code && kept) return Response.redirect(`${origin}/confirm`, 302);
    return (await offlinePage()) ?? Response.error();
  }
}

/**
 * A new build's worker takes over once no page of the old one is open. The old build's files go,
 * except those a kept page still names (directly or through another kept file): a page kept from
 * the old build still opens offline with its own scripts and styles.
 */
async function dropOldFiles(): Promise<void> {
  const current = new Set(precache.getURLsToCacheKeys().values());
  const files = await caches.open(precache.strategy.cacheName);
  const kept = await caches.open(PAGES);
  const stored = (await files.keys()).map((request) => [fileName(request.url), request] as const);
  const byName = new Map(stored);
  const named = new Set<string>();
  const queue: string[] = [];
  const scan = (text: string) => {
    for (const match of text.matchAll(/[\w.$~-]+\.(?:js|css)\b/g)) {
      if (named.has(match[0]) || !byName.has(match[0])) continue;
      named.add(match[0]);
      queue.push(match[0]);
    }
  };
  for (const request of await kept.keys()) scan((await (await kept.match(request))?.text()) ?? "");
  while (queue.length > 0) {
    const request = byName.get(queue.pop()!)!;
    if (/\.js$/.test(request.url)) scan((await (await files.match(request))?.text()) ?? "");
  }
  for (const [name, request] of stored) {
    if (!current.has(request.url) && !named.has(name)) await files.delete(request);
  }
}

function fileName(url: string): string {
  const path = new URL(url).pathname;
  return path.slice(path.lastIndexOf("/") + 1);
}
