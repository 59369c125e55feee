import crypto from "node:crypto";
import { config } from "~/infra/config.server";
import { hit, peek, type LimitResult } from "~/infra/rate-limit.server";
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
 * A Bearer token is a password guess like any other: a wrong one counts as a failed admin login
 * for the client, and past the allowance every Bearer request of that client is refused (429,
 * even with the right token) until the window passes. A right token does not count.
 */
export function bearerLimit(request: Request, client: string): LimitResult {
  if (!request.headers.get("Authorization")?.startsWith("Bearer ")) return { allowed: true, retryAfter: 0 };
  const locked = peek("login", client);
  if (!locked.allowed) return locked;
  if (bearerMatches(request)) return locked;
  return hit("login", client);
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
