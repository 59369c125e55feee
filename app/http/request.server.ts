import type { AppLoadContext } from "@remix-run/node";

/** What server.mjs puts in every loader's and action's context. */
export interface WeddingLoadContext {
  cspNonce: string;
  clientIp: string;
  /** This site's origin as Express resolved it (X-Forwarded-Proto/-Host only when TRUST_PROXY is on). */
  origin: string;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    clientIp?: string;
    origin?: string;
  }
}

/** The client's address as the server sees it (X-Forwarded-For only when TRUST_PROXY is on). */
export function clientIp(context: AppLoadContext | undefined): string {
  return context?.clientIp ?? "unknown";
}

/** True when the page was requested over HTTPS (directly or, with TRUST_PROXY, behind a proxy). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * The one rule for forged cross-site writes, used by server.mjs (before Remix) and by the page
 * actions and /api handlers alike. The browser's own verdict, Sec-Fetch-Site, decides when it is
 * sent: `same-origin` and `none` (typed or bookmarked) pass, `same-site` and `cross-site` do not.
 * Older browsers send only Origin, compared with `ownOrigin` (what the server resolved, never a
 * forwarded header it does not trust). A request with neither (curl, another server) passes:
 * it carries no browser's cookies, which are SameSite anyway.
 */
export function isCrossSiteRequest(fetchSite: string | null | undefined, origin: string | null | undefined, ownOrigin: string): boolean {
  const site = fetchSite?.trim().toLowerCase();
  if (site) return site !== "same-origin" && site !== "none";
  if (!origin) return false;
  try {
    // "null" (a sandboxed frame, a data: page) does not parse: refused.
    return new URL(origin).origin !== new URL(ownOrigin).origin;
  } catch {
    return true;
  }
}

/** isCrossSiteRequest for a Remix request; the context holds the origin server.mjs resolved. */
export function isCrossOrigin(request: Request, context?: AppLoadContext): boolean {
  return isCrossSiteRequest(request.headers.get("Sec-Fetch-Site"), request.headers.get("Origin"), context?.origin ?? new URL(request.url).origin);
}
