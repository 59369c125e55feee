import type { SentAnswers } from "~/lib/guest-questions";
import type { PersonChoice } from "~/lib/menu";
import type { AppLoadContext } from "@remix-run/node";
import { MAX_NAME_LENGTH } from "~/lib/constants";
import { formatLongDate } from "~/lib/dates";
import { isRsvpOpen, MAX_DIETARY_LENGTH, MAX_MESSAGE_LENGTH, type GuestAnswer } from "~/lib/rsvp";
import { fail } from "~/http/api.server";
import { apiAnswers } from "~/http/api-messages.server";
import { weddingDates } from "~/models/content-dates.server";
import { getLanguage } from "~/infra/i18n.server";
import { confirmInvitation, declineInvitation, findInvitationByCode, type Invitation } from "~/models/invitations.server";
import { guestView } from "~/lib/invitation-view";
import { consume } from "~/infra/rate-limit.server";
import { clientIp } from "~/http/request.server";

/**
 * The HTTP face of the invitation functions for the guest routes. No rule lives here: the
 * look-up, the RSVP rules and the deadline are invitations.server / lib/rsvp's.
 */

export { guestView };

/** Counts one code look-up for the client, like the /confirm form: past the allowance, RateLimited (the dispatch's 429). */
export async function limitCodeLookups(_request: Request, context: AppLoadContext): Promise<void> {
  await consume("code", clientIp(context));
}

/** A guest looking up a code: rate-limited like the form; 404 with the form's message. */
export async function guestInvitation(request: Request, context: AppLoadContext, code: string): Promise<Invitation> {
  await limitCodeLookups(request, context);
  const invitation = await findInvitationByCode(code);
  return invitation ?? fail(request, apiAnswers.confirm.notFound);
}

/** The deadline and whether it has passed (what GET /api/invitations/{code}/details adds). */
export async function rsvpWindow(now = new Date()) {
  const { rsvpDeadline } = await weddingDates();
  return { rsvpDeadline, rsvpOpen: isRsvpOpen(rsvpDeadline, now) };
}

/** The values the answer messages interpolate. */
async function messageValues(request: Request) {
  return {
    max: MAX_NAME_LENGTH,
    dietaryMax: MAX_DIETARY_LENGTH,
    messageMax: MAX_MESSAGE_LENGTH,
    date: await weddingDates().then(async ({ rsvpDeadline, timeZone }) => formatLongDate(rsvpDeadline, await getLanguage(request), timeZone)),
  };
}

/** POST /api/invitations/{code}/confirm: confirmInvitation, its errors as 400/403/404/409. */
export async function confirmForGuest(
  request: Request,
  context: AppLoadContext,
  code: string,
  guests: readonly (GuestAnswer & { attends?: readonly number[] } & PersonChoice & { answers?: SentAnswers | null })[],
  message?: string | null,
  answers?: SentAnswers | null,
) {
  await limitCodeLookups(request, context);
  // Each person's dish and child mark ride with their name (the primary guest's beside their own name).
  const choices = { primary: {}, guests: guests.map((g) => ({ dish: g.dish, child: g.child })) };
  // Likewise each person's answers to the couple's questions; the invitation's apart.
  const replies = { invitation: answers, primary: null, guests: guests.map((g) => g.answers) };
  const result = await confirmInvitation(code, guests, undefined, { message, choices, answers: replies });
  if (result.ok) return guestView(result.invitation);
  return fail(request, apiAnswers.confirm[result.error], await messageValues(request));
}

/** POST /api/invitations/{code}/decline: declineInvitation, its errors as 403/404/409; counted like a confirmation. */
export async function declineForGuest(request: Request, context: AppLoadContext, code: string) {
  await limitCodeLookups(request, context);
  const result = await declineInvitation(code);
  if (result.ok) return guestView(result.invitation);
  return fail(request, apiAnswers.decline[result.error], await messageValues(request));
}
