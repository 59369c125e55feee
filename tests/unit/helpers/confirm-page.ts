import { storeCodeHeader } from "~/infra/session.server";
import { createInvitation } from "~/models/invitations.server";
import { handleConfirmAction } from "~/routes/confirm/confirm.server";

/** Unwraps what a page action returns: a Response (a redirect) or data() with its status. */
export function unwrapAction(result: unknown) {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: undefined };
  const wrapped = result as { data: Record<string, unknown>; init?: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data };
}

/**
 * A guest's form posted to /confirm as the browser sends it: their stored code's cookie, their
 * language, the form's fields (`path` is `/confirm?step=edit` for 'Cambiar mi respuesta').
 */
export async function postConfirmPage(code: string, form: Record<string, string>, { language = "es", path = "/confirm" } = {}) {
  const cookie = (await storeCodeHeader(new Request("http://localhost/confirm"), code)).split(";")[0];
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `${cookie}; lng=${language}` },
    body: new URLSearchParams(form),
  });
  return unwrapAction(await handleConfirmAction(request, { clientIp: "203.0.113.9", cspNonce: "x" } as never).catch((e: unknown) => e));
}

/** A new invitation, or the test fails here. */
export async function makeInvitation(primaryGuest: string, maxGuests: number) {
  const created = await createInvitation({ primaryGuest, maxGuests });
  if (!created.ok) throw new Error(created.error);
  return created.invitation;
}
