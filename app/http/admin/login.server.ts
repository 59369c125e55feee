import type { AppLoadContext } from "@remix-run/node";
import { clientIp } from "~/http/request.server";
import { clear, consume, RateLimited } from "~/infra/rate-limit.server";
import { checkAdminPassword } from "~/infra/secrets.server";
import { endAdminSessionHeader, startAdminSessionHeader } from "~/infra/session.server";
import type { AdminAnswer } from "./respond.server";

/**
 * Opening and closing the admin session: the password dialog (a plain form that posts here, with
 * or without JavaScript) and the 'Cerrar sesión' button.
 */

/** Locked out (too many wrong passwords or API tokens from this client): 429 with the minutes to wait. */
export function tooManyAttempts(intent: string, limited: RateLimited): AdminAnswer {
  const minutes = limited.retryAfterMinutes;
  return {
    result: {
      intent,
      ok: false,
      status: 429,
      error: { "": ["common:tooManyRequests"] },
      toast: { kind: "error", key: "common:tooManyRequests", values: { minutes } },
      retryAfterMinutes: minutes,
    },
    headers: new Headers({ "Retry-After": String(limited.retryAfterSeconds) }),
  };
}

/** The password, limited per client: past the allowance even the right one waits (429). */
export async function login(request: Request, context: AppLoadContext, password: string): Promise<AdminAnswer> {
  const ip = clientIp(context);
  try {
    await consume("login", ip);
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts("login", error);
    throw error;
  }
  if (!checkAdminPassword(password)) {
    const key = "dashboard:login.wrongPassword";
    return { result: { intent: "login", ok: false, status: 401, error: { "": [key] }, toast: { kind: "error", key } } };
  }
  await clear("login", ip);
  return {
    result: { intent: "login", ok: true, toast: { kind: "success", key: "dashboard:login.granted" } },
    headers: new Headers({ "Set-Cookie": await startAdminSessionHeader(request) }),
  };
}

/** Ends the session on the server too: a copy of the cookie no longer opens the panel. */
export async function logout(request: Request): Promise<AdminAnswer> {
  return {
    result: { intent: "logout", ok: true, toast: { kind: "info", key: "dashboard:toasts.loggedOut" } },
    headers: new Headers({ "Set-Cookie": await endAdminSessionHeader(request) }),
  };
}
