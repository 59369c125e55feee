import crypto from "node:crypto";
import { config } from "~/infra/config.server";
import { consume, ensureNotLimited } from "~/infra/rate-limit.server";
import { isAdminSession } from "~/infra/session.server";

/** The spec's 401 message (section 8). */
export const UNAUTHORIZED_MESSAGE = "No autorizado";

function bearerMatches(request: Request): boolean {
  const token = config().ADMIN_API_TOKEN;
  const header = request.headers.get("Authorization");
  if (!token || !header?.startsWith("Bearer ")) return false;
  const a = crypto.createHash("sha256").update(header.slice(7)).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Guessing the API token counts as failed logins of the client: a wrong Bearer token is one
 * attempt, and past the allowance even the right token waits (RateLimited) until the window ends.
 */
export async function limitBearerGuesses(request: Request, client: string): Promise<void> {
  if (!request.headers.get("Authorization")?.startsWith("Bearer ")) return;
  await ensureNotLimited("login", client);
  if (!bearerMatches(request)) await consume("login", client);
}

/** True for a request from the admin session (cookie) or with the admin API token. */
export async function isAdminRequest(request: Request): Promise<boolean> {
  return bearerMatches(request) || (await isAdminSession(request));
}

/**
 * Every admin loader, action and /api route calls this first.
 * Without the admin session it throws a 401 `{ error: "No autorizado" }` and nothing runs.
 */
export async function requireAdmin(request: Request): Promise<void> {
  if (!(await isAdminRequest(request))) {
    throw Response.json({ error: UNAUTHORIZED_MESSAGE }, { status: 401 });
  }
}
