import { config } from "~/infra/config.server";

/**
 * Fixed-window limits per client and action, in memory (one process serves the site).
 * The window and allowances come from the environment (RATE_LIMIT_*). consume() is the one way a
 * caller counts an attempt; each adapter answers the RateLimited it throws (API dispatch, page actions).
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

interface LimitResult {
  allowed: boolean;
  /** Seconds until the client may try again (when not allowed). */
  retryAfter: number;
}

function count(action: LimitedAction, client: string, points: number, now: number): LimitResult {
  const key = `${action}:${client}`;
  let w = windows.get(key);
  if (!w || w.resetAt <= now) {
    w = { count: 0, resetAt: now + config().RATE_LIMIT_WINDOW_SECONDS * 1000 };
    windows.set(key, w);
  }
  w.count += points;
  if (windows.size > 10_000) sweep(now);
  const allowed = w.count <= allowance(action);
  return { allowed, retryAfter: allowed ? 0 : Math.ceil((w.resetAt - now) / 1000) };
}

/** Past the allowance: thrown by consume(); the API and the page adapters each answer it with a 429. */
export class RateLimited extends Error {
  constructor(
    readonly action: LimitedAction,
    /** Seconds until the client may try again. */
    readonly retryAfterSeconds: number,
  ) {
    super(`rate limited: ${action}`);
    this.name = "RateLimited";
  }

  /** The same wait in whole minutes, as the spec's message says it. */
  get retryAfterMinutes(): number {
    return Math.ceil(this.retryAfterSeconds / 60);
  }
}

/**
 * Counts `points` attempts of `action` by `client`; throws RateLimited past the allowance.
 * Async so a store shared by several processes can replace the in-memory one without changing
 * a caller (see docs/decisions/0009-rate-limits.md).
 */
export async function consume(action: LimitedAction, client: string, points = 1): Promise<void> {
  const result = count(action, client, Math.max(1, Math.floor(points)), Date.now());
  if (!result.allowed) throw new RateLimited(action, result.retryAfter);
}

/** Throws RateLimited when `client` is already past the allowance for `action`, without counting an attempt. */
export async function ensureNotLimited(action: LimitedAction, client: string): Promise<void> {
  const result = peek(action, client);
  if (!result.allowed) throw new RateLimited(action, result.retryAfter);
}

/** Whether `client`'s next attempt at `action` would be refused, without counting one. */
function peek(action: LimitedAction, client: string, now = Date.now()): LimitResult {
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
