import type { AppLoadContext } from "@remix-run/node";
import { clientIp } from "~/http/request.server";
import { clear, consume, RateLimited } from "~/infra/rate-limit.server";
import { adminPasswordTag } from "~/infra/secrets.server";
import { endAdminSessionHeader, openSession, startAdminSessionHeader } from "~/infra/session.server";
import { arrivalCounts, checkDoorKey, currentDoorTag } from "~/models/door.server";

/**
 * Who may use the door ('Recepción', decision 0061): a door session opened with the current door
 * key, or the admin's own session (the couple may stand at the door too). The door's session is
 * the admin's kind (the same cookie, the same revocable row, the same day-long limit) with the
 * door's role: it opens /recepcion and its counts, nothing else.
 */
export async function doorAccess(request: Request): Promise<"admin" | "door" | null> {
  const session = await openSession(request);
  if (!session) return null;
  if (session.role === "admin") return session.tag === adminPasswordTag() ? "admin" : null;
  const tag = await currentDoorTag();
  return tag !== null && session.tag === tag ? "door" : null;
}

export type DoorLogin = { ok: true; setCookie: string } | { ok: false; status: 401 | 429; error: string; retryAfterSeconds?: number; minutes?: number };

/**
 * The door key, counted against the same allowance as the admin's password (per client, in the
 * database): past it even the right key waits (429).
 */
export async function doorLogin(request: Request, context: AppLoadContext, key: string): Promise<DoorLogin> {
  const ip = clientIp(context);
  try {
    await consume("login", ip);
  } catch (error) {
    if (error instanceof RateLimited) {
      return { ok: false, status: 429, error: "common:tooManyRequests", retryAfterSeconds: error.retryAfterSeconds, minutes: error.retryAfterMinutes };
    }
    throw error;
  }
  const granted = await checkDoorKey(key);
  if (!granted) return { ok: false, status: 401, error: "door:login.wrongKey" };
  await clear("login", ip);
  return { ok: true, setCookie: await startAdminSessionHeader(request, { tag: granted.tag }) };
}

/** Ends the door's session on the server too (a copy of the cookie stops working). */
export function doorLogoutHeader(request: Request): Promise<string> {
  return endAdminSessionHeader(request);
}

/**
 * GET /recepcion.json: the counts an open door screen polls, never kept by a cache (401 without
 * the door's session, as /recepcion itself).
 */
export async function doorCounts(request: Request): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  if (!(await doorAccess(request))) return Response.json({ error: "No autorizado" }, { status: 401, headers });
  return Response.json(await arrivalCounts(), { headers });
}
