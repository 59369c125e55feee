import { config } from "~/infra/config.server";

/**
 * Fixed-window limits per client and action, in memory (one process serves the site).
 * The window and allowances come from the environment (RATE_LIMIT_*).
 */
export type LimitedAction = "code" | "login" | "upload";

interface Window {
  count: number;
  resetAt: number;
}

const windows = new Map<string, Window>();

function allowance(action: LimitedAction): number {
  const c = config();
  return action === "code" ? c.RATE_LIMIT_CODE_ATTEMPTS : action === "login" ? c.RATE_LIMIT_LOGIN_ATTEMPTS : c.RATE_LIMIT_UPLOADS;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the client may try again (when not allowed). */
  retryAfter: number;
}

/** Counts one attempt of `action` by `client`; answers whether it may go ahead. */
export function hit(action: LimitedAction, client: string, now = Date.now()): LimitResult {
  const key = `${action}:${client}`;
  let w = windows.get(key);
  if (!w || w.resetAt <= now) {
    w = { count: 0, resetAt: now + config().RATE_LIMIT_WINDOW_SECONDS * 1000 };
    windows.set(key, w);
  }
  w.count++;
  if (windows.size > 10_000) sweep(now);
  const allowed = w.count <= allowance(action);
  return { allowed, retryAfter: allowed ? 0 : Math.ceil((w.resetAt - now) / 1000) };
}

/** Whether `client`'s next attempt at `action` would be refused, without counting one. */
export function peek(action: LimitedAction, client: string, now = Date.now()): LimitResult {
  const w = windows.get(`${action}:${client}`);
  if (!w || w.resetAt <= now || w.count < allowance(action)) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.ceil((w.resetAt - now) / 1000) };
}

/** A success (right password) clears the client's failed attempts. */
export function clear(action: LimitedAction, client: string) {
  windows.delete(`${action}:${client}`);
}

function sweep(now: number) {
  for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
}

export function resetRateLimitsForTests() {
  windows.clear();
}
