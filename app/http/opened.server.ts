import { sendsBearer } from "~/infra/auth.server";
import { isAdminSession } from "~/infra/session.server";
import { recordOpening } from "~/models/reminders.server";

/**
 * Link-preview fetchers (WhatsApp, Telegram, Slack... fetch a link to draw its card as soon as it is
 * sent, before the guest sees it) and crawlers: their visits are not a guest opening anything. The
 * in-app browsers people read with (Instagram's, Facebook's FBAN/FBAV) are not matched.
 */
const PREVIEW_AGENT =
  /bot\/|crawl|spider|preview|facebookexternalhit|facebot|whatsapp|telegram|slack|discord|skype|linkedin|embedly|iframely|vkshare|viber|snapchat|pinterest|curl\/|wget\/|python-requests|go-http-client/i;

/** A request that is someone's browser showing the page now, not a preview, prefetch or HEAD. */
function isGuestLooking(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "POST") return false;
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""} ${request.headers.get("X-Purpose") ?? ""}`;
  if (/prefetch|prerender|preview/i.test(purpose)) return false;
  return !PREVIEW_AGENT.test(request.headers.get("User-Agent") ?? "");
}

/**
 * A guest opened an invitation's personal link or entered its code: recorded (first and last time,
 * app/models/reminders.server.ts) unless it is the admin (session or API token) or a link preview.
 * Never fails the guest's page: a write that fails is logged and forgotten.
 */
export async function noteOpening(request: Request, invitationId: number): Promise<void> {
  try {
    // A request with a Bearer token is a program (the admin's, or someone guessing it), never a
    // guest: not recorded, and its token is not checked here (the answer does not depend on it).
    if (!isGuestLooking(request) || sendsBearer(request) || (await isAdminSession(request))) return;
    await recordOpening(invitationId);
  } catch (error) {
    console.error("recording an invitation's opening failed", error instanceof Error ? error.message : error);
  }
}
