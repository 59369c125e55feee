import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { ADMIN_SESSION_MAX_AGE_MS } from "~/lib/constants";
import { isHttps } from "~/http/request.server";
import { sessionSecret } from "~/infra/secrets.server";

const ONE_YEAR = 60 * 60 * 24 * 365;

function secureFor(request: Request) {
  return { secure: isHttps(request) };
}

/* ---------- Guest: the invitation code, once it validated ---------- */

let invitationCookie: ReturnType<typeof createCookie> | undefined;
function guestCookie() {
  invitationCookie ??= createCookie("wedding_invitation", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: ONE_YEAR,
    secrets: [sessionSecret()],
  });
  return invitationCookie;
}

/** The invitation code stored for this browser, or null. */
export async function getStoredCode(request: Request): Promise<string | null> {
  const value = await guestCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export async function storeCodeHeader(request: Request, code: string): Promise<string> {
  return guestCookie().serialize(code, secureFor(request));
}

export async function clearCodeHeader(request: Request): Promise<string> {
  return guestCookie().serialize("", { ...secureFor(request), maxAge: 0 });
}

/* ---------- Admin: a browser-session cookie, SameSite=Strict ---------- */

type AdminSessionData = { admin: boolean; since: number };
let adminStorage: ReturnType<typeof createCookieSessionStorage<AdminSessionData>> | undefined;
function adminSessions() {
  adminStorage ??= createCookieSessionStorage<AdminSessionData>({
    cookie: {
      name: "wedding_admin",
      httpOnly: true,
      sameSite: "strict",
      path: "/",
      secrets: [sessionSecret()],
      // No maxAge/expires: the cookie ends with the browser session.
    },
  });
  return adminStorage;
}

export async function isAdminSession(request: Request): Promise<boolean> {
  const session = await adminSessions().getSession(request.headers.get("Cookie"));
  const since = session.get("since");
  return session.get("admin") === true && typeof since === "number" && since <= Date.now() && Date.now() - since < ADMIN_SESSION_MAX_AGE_MS;
}

/** A fresh session (never the one the browser sent: no fixation). */
export async function startAdminSessionHeader(request: Request): Promise<string> {
  const session = await adminSessions().getSession();
  session.set("admin", true);
  session.set("since", Date.now());
  return adminSessions().commitSession(session, secureFor(request));
}

export async function endAdminSessionHeader(request: Request): Promise<string> {
  const session = await adminSessions().getSession(request.headers.get("Cookie"));
  return adminSessions().destroySession(session, secureFor(request));
}

/* ---------- Flash toasts carried across a redirect ---------- */

export type ToastKind = "success" | "error" | "info";
export interface Toast {
  kind: ToastKind;
  /** A translation key (namespace:key). */
  key: string;
  /** Interpolation values, or a server-provided detail. */
  values?: Record<string, string | number>;
}

type FlashData = { toast: Toast };
let flashStorage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, FlashData>> | undefined;
function flashSessions() {
  flashStorage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: { name: "wedding_flash", httpOnly: true, sameSite: "lax", path: "/", secrets: [sessionSecret()] },
  });
  return flashStorage;
}

export async function flashToastHeader(request: Request, toast: Toast): Promise<string> {
  const session = await flashSessions().getSession(request.headers.get("Cookie"));
  session.flash("toast", toast);
  return flashSessions().commitSession(session, secureFor(request));
}

/** Reads (and consumes) the pending toast; returns the Set-Cookie that clears it when there was one. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("wedding_flash=")) return { toast: null, setCookie: null };
  const session = await flashSessions().getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  return { toast, setCookie: await flashSessions().commitSession(session, secureFor(request)) };
}

export function resetSessionsForTests() {
  invitationCookie = undefined;
  adminStorage = undefined;
  flashStorage = undefined;
}
