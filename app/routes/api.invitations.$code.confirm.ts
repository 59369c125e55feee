import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MAX_EVENTS } from "~/lib/events";
import { MAX_GUESTS_PER_INVITATION } from "~/lib/constants";
import { MAX_ANSWER_LENGTH, MAX_QUESTIONS } from "~/lib/guest-questions";
import { apiJson, apiRoute, readJson } from "~/http/api.server";
import { confirmForGuest } from "~/http/api-invitations.server";

/** Answers by question id: a text, "yes"/"no" or a boolean, an option's text; the rules are applyAnswers'. */
const answersBody = z
  .record(z.string().regex(/^\d{1,9}$/), z.union([z.string().max(MAX_ANSWER_LENGTH * 2), z.boolean(), z.null()]))
  .refine((answers) => Object.keys(answers).length <= MAX_QUESTIONS)
  .nullish();

// Types only (and a bound on the list): the RSVP rules are confirmInvitation's.
const confirmBody = z.object({
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
 * POST /api/invitations/{code}/confirm { guests: [{ fullName, dietary?, dish?, child?, answers? }], message?, answers? } → the updated invitation.
 * The same rules as the form: primary first (sent or not), at most maxGuests, at least one
 * additional name when there are extra seats, dietary notes and the message within their lengths,
 * once only (a second call answers the invitation as first confirmed; 409 once declined), closed
 * after the deadline (403). Rate-limited like code look-ups.
 */
const route = apiRoute({
  POST: async ({ request, params, context }) => {
    const body = await readJson(request, confirmBody);
    return apiJson(await confirmForGuest(request, context, params.code ?? "", body.guests, body.message, body.answers));
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
