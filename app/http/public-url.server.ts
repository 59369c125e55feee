import { config } from "~/infra/config.server";

/**
 * The site's public address for personal links and QR codes: PUBLIC_URL when set, else the
 * address the request came to (scheme from X-Forwarded-Proto only when TRUST_PROXY is on, as
 * server.mjs builds request.url).
 */
export function publicBaseUrl(request: Request): string {
  return config().PUBLIC_URL ?? new URL(request.url).origin;
}
