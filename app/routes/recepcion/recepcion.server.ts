import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { doorAccess, doorLogin, doorLogoutHeader } from "~/http/door-access.server";
import { readForm } from "~/http/form.server";
import { isCrossOrigin } from "~/http/request.server";
import { pageTexts } from "~/infra/i18n.server";
import { DOOR_KEY_MAX_LENGTH, DOOR_POLL_MS, DOOR_QUERY_MAX_LENGTH } from "~/lib/door";
import { formFieldsOf } from "~/lib/form-fields";
import { weddingDates } from "~/models/content-dates.server";
import { loadMenuOptions } from "~/models/menu.server";
import { arrivalCounts, markArrival, searchDoor, undoArrival } from "~/models/door.server";

/**
 * /recepcion, the door's screen (decision 0061): the key's form without a session; with the door's
 * (or the admin's) session the search (a GET: ?q=), each person's arrival marked or undone (POST,
 * then back to the same search: POST/redirect/GET) and the counts, current on every answer.
 */

/** Nothing of the door is kept by any cache: two phones see each other's arrivals at their next look. */
const NO_STORE = { "Cache-Control": "no-store" };

export async function loadDoor(request: Request) {
  const access = await doorAccess(request);
  const i18n = await pageTexts(request, "door");
  if (!access) return data({ signedIn: false as const, i18n }, { headers: NO_STORE });
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, DOOR_QUERY_MAX_LENGTH);
  const [found, counts, dates, menu] = await Promise.all([searchDoor(q), arrivalCounts(), weddingDates(), loadMenuOptions()]);
  // A dish shows only while the couple asks for the menu ('Menú').
  const results = menu.askMenu ? found : found.map((inv) => ({ ...inv, people: inv.people.map((p) => ({ ...p, dish: null })) }));
  return data({ signedIn: true as const, i18n, q, results, counts, timeZone: dates.timeZone, pollMs: DOOR_POLL_MS }, { headers: NO_STORE });
}

const guest = z.coerce.number().int().positive();
const q = z
  .string()
  .max(DOOR_QUERY_MAX_LENGTH * 2)
  .default("");
const doorSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("login"),
    key: z
      .string()
      .max(DOOR_KEY_MAX_LENGTH * 2)
      .default(""),
  }),
  z.object({ intent: z.literal("logout") }),
  z.object({ intent: z.literal("mark"), guest, q }),
  z.object({ intent: z.literal("undo"), guest, q }),
]);
const fields = formFieldsOf(doorSchema);

export type DoorActionData = { intent: string; error: string; minutes?: number };

const refuse = (intent: string, error: string, status: number, headers?: HeadersInit) =>
  data<DoorActionData>({ intent, error }, { status, headers: { ...NO_STORE, ...headers } });

/** Back to the search the form was sent from. */
const searchPath = (query: string) => {
  const trimmed = query.trim().slice(0, DOOR_QUERY_MAX_LENGTH);
  return trimmed ? `/recepcion?${new URLSearchParams({ q: trimmed })}` : "/recepcion";
};

export async function doorAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request, fields);
  const intent = String(form.get("intent") ?? "");
  // A form from another site: refused before anything is read (the cookie is SameSite=Strict already).
  if (isCrossOrigin(request, context)) return refuse(intent, "common:crossOrigin", 403);
  const submission = parseWithZod(form, { schema: doorSchema });
  if (submission.status !== "success") return refuse(intent, "common:badRequest.title", 400);
  const input = submission.value;
  if (input.intent === "login") {
    if (!input.key) return refuse(input.intent, "door:login.keyRequired", 400);
    const login = await doorLogin(request, context, input.key);
    if (!login.ok) {
      const retry = login.retryAfterSeconds ? { "Retry-After": String(login.retryAfterSeconds) } : undefined;
      return data<DoorActionData>(
        { intent: input.intent, error: login.error, minutes: login.minutes },
        { status: login.status, headers: { ...NO_STORE, ...retry } },
      );
    }
    return redirect("/recepcion", { headers: { "Set-Cookie": login.setCookie } });
  }
  if (input.intent === "logout") return redirect("/recepcion", { headers: { "Set-Cookie": await doorLogoutHeader(request) } });
  // Marking and undoing: the door's session or the admin's, as the page itself asks.
  if (!(await doorAccess(request))) return refuse(input.intent, "door:login.description", 401);
  const result = input.intent === "mark" ? await markArrival(input.guest) : await undoArrival(input.guest);
  if (!result.ok) return refuse(input.intent, `door:errors.${result.error}`, 404);
  return redirect(searchPath(input.q), { headers: NO_STORE });
}
