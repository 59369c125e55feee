/**
 * What the service worker (app/sw/service-worker.ts) may keep for a guest without signal, as one
 * pure rule the worker and the unit tests share (decision 0064). The worker only adds: a request
 * this rule calls "network" is left to the browser exactly as without it.
 *
 * - "page": a guest's page, fetched network-first and kept per URL (its `.data` twin too, for the
 *   links followed inside the app): the home, the guest's own invitation `/confirm`, the gallery
 *   (`?section=` pages included), a table's page `/mesa/{token}`.
 * - "invitation-link": `/i/{code}`, which lands on `/confirm`; offline it opens the kept `/confirm`
 *   only for the invitation this browser holds (a different guest's link on the same phone gets
 *   the offline page, never the first guest's invitation).
 * - "thumbnail": a stored photo's thumbnail (`/uploads/…-thumb.ext`), cache-first and bounded.
 * - "asset": the build's fingerprinted files (`/assets/…`), precached; an older build's kept for
 *   the pages that name them.
 * - "network": everything else — the admin, the API, the door, the first-run setup, every other
 *   path, every request but GET, other origins. Never kept; a navigation among them that fails
 *   shows the offline page.
 */
export type OfflineRule = "page" | "invitation-link" | "thumbnail" | "asset" | "network";

/** The precached offline page (both languages; scripts/build-sw.mjs writes it at build time). */
export const OFFLINE_PAGE = "/offline.html";

/**
 * The service worker's own caches, named here once: the worker writes them and the offline page's
 * script reads `pages` to offer only the pages this browser holds. The names carry a version: a
 * change of what they hold gets a new name, the old one is dropped.
 * - `pages`: a guest's pages, kept per URL;
 * - `thumbnails`: the photos' thumbnails a guest saw;
 * - `held`: the invitation this browser holds (its code), for `/i/{code}` offline.
 */
export const OFFLINE_CACHES = { pages: "guest-pages-v1", thumbnails: "thumbnails-v1", held: "held-invitation-v1" } as const;

/** Paths never kept, whatever else matches: the couple's and the door's screens, the API, the setup. */
const NEVER = /^\/(?:admin|api|recepcion|setup)(?:[/.]|$)/i;
const PAGE = /^\/(?:|confirm|gallery|mesa\/[^/.]+)$/i;
const INVITATION_LINK = /^\/i\/[^/.]+$/i;
const THUMBNAIL = /^\/uploads\/.+-thumb\.(?:jpe?g|png|webp)$/i;
const ASSET = /^\/assets\/[^/]+$/;

/** A Remix data request's page (`/_root.data` is `/`, `/confirm.data` is `/confirm`), or null. */
export function pageOfDataPath(path: string): string | null {
  if (!/\.data$/i.test(path)) return null;
  const page = path.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

export function offlineRule(request: { url: string; method: string }, origin: string): OfflineRule {
  if (request.method !== "GET") return "network";
  const url = new URL(request.url);
  if (url.origin !== origin) return "network";
  const path = url.pathname;
  if (NEVER.test(path)) return "network";
  if (PAGE.test(path)) return "page";
  const dataPage = pageOfDataPath(path);
  if (dataPage !== null && PAGE.test(dataPage)) return "page";
  if (INVITATION_LINK.test(path)) return "invitation-link";
  if (THUMBNAIL.test(path)) return "thumbnail";
  if (ASSET.test(path)) return "asset";
  return "network";
}
