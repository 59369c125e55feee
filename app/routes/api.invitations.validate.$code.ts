import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute } from "~/http/api.server";
import { limitCodeLookups } from "~/http/api-invitations.server";
import { noteOpening } from "~/http/opened.server";
import { findInvitationByCode } from "~/models/invitations.server";

/**
 * GET /api/invitations/validate/{code} → { valid } (200 with valid false for an unknown code); 429 past
 * the limit. A valid code entered by a guest counts as opening the invitation.
 */
const route = apiRoute({
  GET: async ({ request, params, context }) => {
    await limitCodeLookups(request, context);
    const invitation = await findInvitationByCode(params.code ?? "");
    if (invitation) await noteOpening(request, invitation.id);
    return apiJson({ valid: invitation !== null });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
