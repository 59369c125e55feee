import crypto from "node:crypto";
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { ADMIN_SESSION_MAX_AGE_MS } from "~/lib/constants";
import { uploaderNameOf } from "~/lib/names";
import { isHttps } from "~/lib/https";
import { adminPasswordTag, sessionSecret } from "~/infra/secrets.server";
import { db } from "~/infra/db.server";
import type { SessionRole } from "~/infra/db-schema";

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * The cookies that make a page this visitor's own: the stored invitation (the page shows the
 * guest's name and answers), the admin session and a pending toast. The server keeps pages asked
 * for with any of them out of its page cache (edge.cookies, server/page-cache.mjs).
 */
export const PERSONAL_COOKIES = { invitation: "wedding_invitation", admin: "wedding_admin", flash: "wedding_flash", uploader: "wedding_uploader" } as const;

function secureFor(request: Request) {
  return { secure: isHttps(request) };
}

/* ---------- Guest: the invitation code, once it validated ---------- */

let invitationCookie: ReturnType<typeof createCookie> | undefined;
function guestCookie() {
  invitationCookie ??= createCookie(PERSONAL_COOKIES.invitation, {
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

/* ---------- Guest: 'Tu nombre' from the last photo upload, to fill the next one ---------- */

let uploaderCookie: ReturnType<typeof createCookie> | undefined;
/** A plain cookie (nothing to trust in it: the name is checked again when it is sent back with a photo). */
function uploaderNameCookie() {
  uploaderCookie ??= createCookie(PERSONAL_COOKIES.uploader, { httpOnly: true, sameSite: "lax", path: "/", maxAge: ONE_YEAR });
  return uploaderCookie;
}

/** The name this browser gave with its last photo, or "" (the gallery's form starts with it). */
export async function getUploaderName(request: Request): Promise<string> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${PERSONAL_COOKIES.uploader}=`)) return "";
  const value: unknown = await uploaderNameCookie().parse(cookie);
  const checked = uploaderNameOf(typeof value === "string" ? value : "");
  return checked.ok ? (checked.name ?? "") : "";
}

/** Keeps the name given with a photo for the next upload; an empty one clears it. */
export async function uploaderNameHeader(request: Request, name: string | null): Promise<string> {
  return uploaderNameCookie().serialize(name ?? "", { ...secureFor(request), ...(name ? {} : { maxAge: 0 }) });
}

/* ---------- Admin: a browser-session cookie, SameSite=Strict, backed by a server row ---------- */

/**
 * The signed cookie carries a random token; the session itself is a row in `admin_sessions`
 * (keyed by the token's SHA-256), so it can be ended on the server: logout ends it, a different
 * admin password ends every earlier one, and it never outlives ADMIN_SESSION_MAX_AGE_MS.
 * See docs/decisions/0010-admin-sessions.md.
 */
type AdminSessionData = { token: string };
let adminStorage: ReturnType<typeof createCookieSessionStorage<AdminSessionData>> | undefined;
function adminSessions() {
  adminStorage ??= createCookieSessionStorage<AdminSessionData>({
    cookie: {
      name: PERSONAL_COOKIES.admin,
      httpOnly: true,
      sameSite: "strict",
      path: "/",
      secrets: [sessionSecret()],
      // No maxAge/expires: the cookie ends with the browser session.
    },
  });
  return adminStorage;
}

const tokenId = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

async function adminToken(request: Request): Promise<string | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${PERSONAL_COOKIES.admin}=`)) return null;
  const token = (await adminSessions().getSession(cookie)).get("token");
  return typeof token === "string" && token.length >= 32 && token.length <= 64 ? token : null;
}

/** A session that is open (not ended, not past its day): whose it is and the tag it was opened with. */
export async function openSession(request: Request): Promise<{ role: SessionRole; tag: string } | null> {
  const token = await adminToken(request);
  if (!token) return null;
  const now = Date.now();
  const row = await db()
    .selectFrom("admin_sessions")
    .select(["created_at", "expires_at", "ended_at", "password_tag", "role"])
    .where("id", "=", tokenId(token))
    .executeTakeFirst();
  const open = !!row && row.ended_at === null && row.created_at <= now && now < row.expires_at && now - row.created_at < ADMIN_SESSION_MAX_AGE_MS;
  return open ? { role: row.role, tag: row.password_tag } : null;
}

/**
 * The admin's session: open, the admin's role and the current password's tag. A door session
 * ('Recepción', the same cookie) is never one: every admin screen, download and /api route
 * answers it as it answers no session.
 */
export async function isAdminSession(request: Request): Promise<boolean> {
  const session = await openSession(request);
  return session?.role === "admin" && session.tag === adminPasswordTag();
}

/**
 * A fresh session (never the one the browser sent: no fixation): the admin's, or with `door` the
 * door's, tagged with the door key's tag (a changed key ends it).
 */
export async function startAdminSessionHeader(request: Request, door?: { tag: string }): Promise<string> {
  const now = Date.now();
  const token = crypto.randomBytes(32).toString("base64url");
  // Sessions past their day are no use to anyone: dropped here, so the table stays small.
  await db().deleteFrom("admin_sessions").where("expires_at", "<=", now).execute();
  await db()
    .insertInto("admin_sessions")
    .values({
      id: tokenId(token),
      created_at: now,
      expires_at: now + ADMIN_SESSION_MAX_AGE_MS,
      ended_at: null,
      password_tag: door ? door.tag : adminPasswordTag(),
      role: door ? "door" : "admin",
    })
    .execute();
  const session = await adminSessions().getSession();
  session.set("token", token);
  return adminSessions().commitSession(session, secureFor(request));
}

/** Ends the session on the server (a copy of the cookie stops working) and clears the cookie. */
export async function endAdminSessionHeader(request: Request): Promise<string> {
  const token = await adminToken(request);
  if (token) await db().updateTable("admin_sessions").set({ ended_at: Date.now() }).where("id", "=", tokenId(token)).where("ended_at", "is", null).execute();
  const session = await adminSessions().getSession(request.headers.get("Cookie"));
  return adminSessions().destroySession(session, secureFor(request));
}

/** Ends every open session of `role` on the server (the door's, when its key changes). */
export async function endSessionsOf(role: SessionRole): Promise<void> {
  await db().updateTable("admin_sessions").set({ ended_at: Date.now() }).where("role", "=", role).where("ended_at", "is", null).execute();
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
    cookie: { name: PERSONAL_COOKIES.flash, httpOnly: true, sameSite: "lax", path: "/", secrets: [sessionSecret()] },
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
  if (!cookie?.includes(`${PERSONAL_COOKIES.flash}=`)) return { toast: null, setCookie: null };
  const session = await flashSessions().getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  return { toast, setCookie: await flashSessions().commitSession(session, secureFor(request)) };
}

export function resetSessionsForTests() {
  invitationCookie = undefined;
  adminStorage = undefined;
  flashStorage = undefined;
}
