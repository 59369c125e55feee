import type { AppLoadContext } from "@remix-run/node";

/** What server.mjs puts in every loader's and action's context. */
export interface WeddingLoadContext {
  cspNonce: string;
  clientIp: string;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    clientIp?: string;
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
 * Mutating requests from another origin are refused (forged cross-site posts).
 * Browsers send Origin on POST; a request without one (curl, tests) is allowed,
 * since the cookies it would need are SameSite anyway.
 */
export function isCrossOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === "null";
  const url = new URL(request.url);
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host") ?? url.host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
