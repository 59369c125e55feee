import { data } from "@remix-run/node";
import type { RateLimited } from "~/infra/rate-limit.server";

/** The "too many attempts" message (a translation key; the page adds the minutes). */
export const TOO_MANY_REQUESTS_KEY = "common:tooManyRequests";

/**
 * A page action's answer to RateLimited: 429 with Retry-After, the message as a form-level
 * error (conform's shape) and the wait in minutes, beside the page's own fields (`extra`).
 */
export function rateLimitedReply<T extends object>(error: RateLimited, extra: T) {
  return data(
    {
      ...extra,
      status: "error" as const,
      error: { "": [TOO_MANY_REQUESTS_KEY] } as Record<string, string[] | null>,
      retryAfterMinutes: error.retryAfterMinutes,
    },
    { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
  );
}
