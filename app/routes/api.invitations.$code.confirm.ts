import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, readJson } from "~/http/api.server";
import { answerBody as confirmBody, confirmForGuest } from "~/http/api-invitations.server";

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
