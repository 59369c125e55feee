import { sql } from "kysely";
import { config } from "~/infra/config.server";
import { db } from "~/infra/db.server";

/**
 * Fixed-window limits per client and action, kept in the database (`rate_limits`), so every
 * worker process, and every instance on one database, counts a client against one allowance.
 * The window and allowances come from the environment (RATE_LIMIT_*). consume() is the one way a
 * caller counts an attempt; each adapter answers the RateLimited it throws (API dispatch, page actions).
 * See docs/decisions/0009-rate-limits.md.
 */
export type LimitedAction = "code" | "login" | "upload" | "wish" | "testEmail";

/**
 * 'Enviar correo de prueba' (Correos): a few a minute is plenty to try a setting and try again,
 * and keeps a stuck button or a loop from making the site an open relay to one address.
 */
export const TEST_EMAILS_PER_MINUTE = 5;

function allowance(action: LimitedAction): number {
  const c = config();
  const allowances: Record<LimitedAction, number> = {
    code: c.RATE_LIMIT_CODE_ATTEMPTS,
    login: c.RATE_LIMIT_LOGIN_ATTEMPTS,
    upload: c.RATE_LIMIT_UPLOADS,
    wish: c.RATE_LIMIT_WISHES,
    testEmail: TEST_EMAILS_PER_MINUTE,
  };
  return allowances[action];
}

/** The window an allowance counts in: RATE_LIMIT_WINDOW_SECONDS, but a minute for the test e-mail. */
function windowMs(action: LimitedAction): number {
  return action === "testEmail" ? 60_000 : config().RATE_LIMIT_WINDOW_SECONDS * 1000;
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

  /** The same wait in whole minutes, as the "too many attempts" message says it. */
  get retryAfterMinutes(): number {
    return Math.ceil(this.retryAfterSeconds / 60);
  }
}

const keyOf = (action: LimitedAction, client: string) => `${action}:${client}`;

// Expired windows are deleted now and then (at most once a minute per process), so the table
// holds about one row per client seen in the last window.
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

async function sweep(now: number) {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  await db().deleteFrom("rate_limits").where("reset_at", "<=", now).execute();
}

/**
 * Counts `points` attempts of `action` by `client`; throws RateLimited past the allowance.
 * One statement per attempt, atomic on SQLite and PostgreSQL alike: a new window starts when the
 * stored one has ended, otherwise the points are added; the row as it now stands is returned.
 */
export async function consume(action: LimitedAction, client: string, points = 1): Promise<void> {
  const p = Math.max(1, Math.floor(points));
  const now = Date.now();
  const resetAt = now + windowMs(action);
  const row = await db()
    .insertInto("rate_limits")
    .values({ key: keyOf(action, client), points: p, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        points: sql<number>`case when rate_limits.reset_at <= ${now} then ${p} else rate_limits.points + ${p} end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(["points", "reset_at"])
    .executeTakeFirstOrThrow();
  await sweep(now);
  if (Number(row.points) > allowance(action)) throw new RateLimited(action, Math.ceil((Number(row.reset_at) - now) / 1000));
}

/** Throws RateLimited when `client` is already past the allowance for `action`, without counting an attempt. */
export async function ensureNotLimited(action: LimitedAction, client: string): Promise<void> {
  const now = Date.now();
  const row = await db().selectFrom("rate_limits").select(["points", "reset_at"]).where("key", "=", keyOf(action, client)).executeTakeFirst();
  if (!row || Number(row.reset_at) <= now || Number(row.points) < allowance(action)) return;
  throw new RateLimited(action, Math.ceil((Number(row.reset_at) - now) / 1000));
}

/** A success (right password) clears the client's failed attempts. */
export async function clear(action: LimitedAction, client: string): Promise<void> {
  await db().deleteFrom("rate_limits").where("key", "=", keyOf(action, client)).execute();
}

/** The counters live in each test's own database; this forgets when this process last swept. */
export function resetRateLimitsForTests() {
  lastSweep = 0;
}
