import crypto from "node:crypto";
import { config } from "~/infra/config.server";
import { getFixedT } from "~/infra/i18n.server";
import { consume, ensureNotLimited, RateLimited } from "~/infra/rate-limit.server";
import { isAdminSession } from "~/infra/session.server";

/** The 401 message, fixed and in Spanish. */
export const UNAUTHORIZED_MESSAGE = "No autorizado";

function bearerMatches(request: Request): boolean {
  const token = config().ADMIN_API_TOKEN;
  const header = request.headers.get("Authorization");
  if (!token || !header?.startsWith("Bearer ")) return false;
  const a = crypto.createHash("sha256").update(header.slice(7)).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Whether the request carries a Bearer token at all (right or wrong). */
export function sendsBearer(request: Request): boolean {
  return request.headers.get("Authorization")?.startsWith("Bearer ") ?? false;
}

// Each request's guess is counted once, however many checks of the same request look at its token
// (the /api dispatch, then the handler's admin check; an admin post's limit, then requireAdmin).
const counted = new WeakMap<Request, Promise<void>>();

/**
 * Guessing the API token counts as failed logins of the client: a wrong Bearer token is one
 * attempt, and past the allowance even the right token waits (RateLimited) until the window ends.
 * The counters are the database's (consume()), so the allowance holds for every worker and
 * instance. Every check of the token goes through here first (isAdminRequest, requireAdmin): no
 * route that accepts the token answers more guesses than /api does.
 */
export function limitBearerGuesses(request: Request, client: string): Promise<void> {
  if (!sendsBearer(request)) return Promise.resolve();
  let guess = counted.get(request);
  if (!guess) {
    guess = (async () => {
      await ensureNotLimited("login", client);
      if (!bearerMatches(request)) await consume("login", client);
    })();
    counted.set(request, guess);
  }
  return guess;
}

/** The ready 429 answer (JSON `{ error }`, Retry-After) in the request's language, for routes without a form of their own. */
async function tooManyGuesses(request: Request, error: RateLimited): Promise<Response> {
  const t = await getFixedT(request, "common");
  return Response.json(
    { error: t("tooManyRequests", { minutes: error.retryAfterMinutes }) },
    { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}

/**
 * True for a request from the admin session (cookie) or with the admin API token. A Bearer token
 * is counted as a guess of `client` first; past the allowance this throws the 429 answer.
 */
export async function isAdminRequest(request: Request, client: string): Promise<boolean> {
  try {
    await limitBearerGuesses(request, client);
  } catch (error) {
    if (error instanceof RateLimited) throw await tooManyGuesses(request, error);
    throw error;
  }
  return bearerMatches(request) || (await isAdminSession(request));
}

/**
 * Every admin loader, action and /api route calls this first.
 * Without the admin session or token it throws a 401 `{ error: "No autorizado" }` and nothing
 * runs; a client past its allowance of wrong tokens gets the 429 answer instead.
 */
export async function requireAdmin(request: Request, client: string): Promise<void> {
  if (!(await isAdminRequest(request, client))) {
    throw Response.json({ error: UNAUTHORIZED_MESSAGE }, { status: 401 });
  }
}
