// A guest's own page, kept whole between their visits (docs/decisions/0038-*).
//
// /confirm with a guest's code is private: the shared page cache (decision 0007) never keeps it, so
// it was rendered for every request. Its loaders still run for every request (they are cheap:
// the stored invitation, the answer, the page's texts), and what they return is the key: a page is
// served again only to a request whose render would see exactly the same things. So a guest never
// gets another's page (the data holds their code and names), and an answer or an admin's edit shows
// at once (the data is read after the write: another key, a fresh render), with no invalidation to
// forget, on every worker and every instance alike.
import crypto from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { PageStore } from "~/infra/page-store.server";
import { onFreshChange } from "~/infra/freshness.server";

/**
 * Bounds per worker. A /confirm page is 25–45 KB (more guests, more); a wedding has a few hundred
 * invitations, each guest's page in each language and theme they use: 1,000 pages or 24 MB,
 * whichever comes first, the least recently asked for let go first.
 */
export const GUEST_PAGES_MAX = 1000;
export const GUEST_PAGES_MAX_BYTES = 24 * 1024 * 1024;
/**
 * What a page shows from the clock and not from its data (the date, the deadline's wording) is at
 * most this old.
 */
export const GUEST_PAGE_TTL_MS = 60_000;

export const guestPages = new PageStore({ maxEntries: GUEST_PAGES_MAX, maxBytes: GUEST_PAGES_MAX_BYTES, ttlMs: GUEST_PAGE_TTL_MS });

// A change of the couple's content or the site's media (learnt from any worker or instance) lets
// every kept page go at once and starts another generation in the key: what the render reads
// besides the loaders' data can only come from them.
let contentGeneration = 0;
onFreshChange(() => {
  contentGeneration++;
  guestPages.clear();
});

/**
 * The key of a page that may be kept, or null. A route allows it in its `handle`
 * (`guestPageCache: true`); only a plain GET answered 200, with the loaders' data only (no action's
 * answer, no error), of plain values (what JSON keeps whole, so the key says everything), is kept.
 * The key is a digest of the address, the language, the content's generation, the day and every
 * route's data.
 */
export function guestPageKey(request: Request, context: EntryContext, language: string): string | null {
  const handlerContext = context.staticHandlerContext;
  if (request.method !== "GET" || handlerContext.statusCode !== 200) return null;
  if (handlerContext.actionData != null || handlerContext.errors != null) return null;
  const allowed = handlerContext.matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as { guestPageCache?: boolean } | undefined)?.guestPageCache === true,
  );
  if (!allowed || !isPlainData(handlerContext.loaderData)) return null;
  const day = new Date().toISOString().slice(0, 10);
  const seen = JSON.stringify([request.url, language, contentGeneration, day, handlerContext.loaderData]);
  return crypto.createHash("sha256").update(seen).digest("base64");
}

/** Only objects, arrays and plain values. */
function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === "string" || type === "boolean") return true;
  if (type === "number") return Number.isFinite(value);
  if (type !== "object" || depth > 20) return false;
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as object).every((item) => isPlainData(item, depth + 1));
}
