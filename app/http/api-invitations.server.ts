import type { SentAnswers } from "~/lib/guest-questions";
import type { PersonChoice } from "~/lib/menu";
import { z } from "zod";
import { MAX_EVENTS } from "~/lib/events";
import { MAX_GUESTS_PER_INVITATION } from "~/lib/constants";
import type { AppLoadContext } from "@remix-run/node";
import { MAX_NAME_LENGTH } from "~/lib/constants";
import { formatLongDate } from "~/lib/dates";
import { isRsvpOpen, MAX_DIETARY_LENGTH, MAX_MESSAGE_LENGTH, type GuestAnswer } from "~/lib/rsvp";
import { fail } from "~/http/api.server";
import { apiAnswers } from "~/http/api-messages.server";
import { weddingDates } from "~/models/content-dates.server";
import { getLanguage } from "~/infra/i18n.server";
import { changeAnswer, confirmInvitation, declineInvitation, findInvitationByCode, type Invitation } from "~/models/invitations.server";
import { guestView } from "~/lib/invitation-view";
import { consume } from "~/infra/rate-limit.server";
import { clientIp } from "~/http/request.server";
import { MAX_ANSWER_LENGTH, MAX_QUESTIONS } from "~/lib/guest-questions";

/** Answers by question id: a text, "yes"/"no" or a boolean, an option's text; the rules are applyAnswers'. */
const answersBody = z
  .record(z.string().regex(/^\d{1,9}$/), z.union([z.string().max(MAX_ANSWER_LENGTH * 2), z.boolean(), z.null()]))
  .refine((answers) => Object.keys(answers).length <= MAX_QUESTIONS)
  .nullish();

// Types only (and a bound on the list): the RSVP rules are confirmInvitation's.
/** The body of a guest's answer (confirm, and a change of it). */
export const answerBody = z.object({
  guests: z
    .array(
      z.object({
        fullName: z.string(),
        dietary: z.string().nullish(),
        // `attends`: the events this person attends (the wedding is 0); absent, every event the invitation is invited to.
        attends: z
          .array(z.number().int())
          .max(MAX_EVENTS + 1)
          .optional(),
        // The dish's id from the couple's menu and the child mark (asked only once turned on, app/lib/menu.ts).
        dish: z.union([z.number().int(), z.string().max(12)]).nullish(),
        child: z.boolean().nullish(),
        // This person's answers to the couple's questions asked per person: question id → value.
        answers: answersBody,
      }),
    )
    .max(MAX_GUESTS_PER_INVITATION * 2),
  message: z.string().nullish(),
  // The answers to the couple's questions asked once per invitation: question id → value (app/lib/guest-questions.ts).
  answers: answersBody,
});

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
  store: typeof confirmInvitation = confirmInvitation,
) {
  await limitCodeLookups(request, context);
  // Each person's dish and child mark ride with their name (the primary guest's beside their own name).
  const choices = { primary: {}, guests: guests.map((g) => ({ dish: g.dish, child: g.child })) };
  // Likewise each person's answers to the couple's questions; the invitation's apart.
  const replies = { invitation: answers ?? null, primary: null, guests: guests.map((g) => g.answers) };
  const result = await store(code, guests, undefined, { message, choices, answers: replies });
  if (result.ok) return guestView(result.invitation);
  return fail(request, apiAnswers.confirm[result.error], await messageValues(request));
}

/** PUT or POST /api/invitations/{code}/answer: 'Cambiar mi respuesta' (changeAnswer), the same body and errors as a confirmation. */
export function changeForGuest(
  request: Request,
  context: AppLoadContext,
  code: string,
  guests: readonly (GuestAnswer & { attends?: readonly number[] } & PersonChoice & { answers?: SentAnswers | null })[],
  message?: string | null,
  answers?: SentAnswers | null,
) {
  return confirmForGuest(request, context, code, guests, message, answers, changeAnswer);
}

/** POST /api/invitations/{code}/decline: declineInvitation, its errors as 403/404/409; counted like a confirmation. */
export async function declineForGuest(request: Request, context: AppLoadContext, code: string) {
  await limitCodeLookups(request, context);
  const result = await declineInvitation(code);
  if (result.ok) return guestView(result.invitation);
  return fail(request, apiAnswers.decline[result.error], await messageValues(request));
}
