import { isIPv4, isIPv6 } from "node:net";
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
    /**
     * Sends this response with another CSP nonce than `cspNonce` (a kept page's own); the server
     * sets it in the Content-Security-Policy header.
     */
    useCspNonce?: (nonce: string) => void;
    clientIp?: string;
    origin?: string;
  }
}

/**
 * Who a client is, for the rate limits and the ZIP downloads' per-client slots: the address the
 * server sees (X-Forwarded-For only when TRUST_PROXY is on), with an IPv6 address counted by its
 * /64 network (one home or phone gets a whole /64 and may pick any address in it) and an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) as its IPv4.
 */
export function clientIp(context: AppLoadContext | undefined): string {
  return clientKey(context?.clientIp ?? "unknown");
}

/** The client key of an address (see clientIp): `192.0.2.1`, `2001:db8:0:12::/64`; anything else as given. */
export function clientKey(address: string): string {
  const plain = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(plain) || !isIPv6(plain)) return isIPv4(plain) ? plain : address;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array(missing).fill("0"), ...right].map((g) => parseInt(g, 16));
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
