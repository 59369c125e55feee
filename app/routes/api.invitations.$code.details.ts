import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute } from "~/http/api.server";
import { guestInvitation, guestView, rsvpWindow } from "~/http/api-invitations.server";
import { noteOpening } from "~/http/opened.server";

/**
 * GET /api/invitations/{code}/details → the guest's invitation plus { rsvpDeadline, rsvpOpen }
 * (the deadline as ISO 8601 with its offset; whether a confirmation would still be accepted). Counts as
 * the guest opening the invitation (not the admin's calls).
 */
const route = apiRoute({
  GET: async ({ request, params, context }) => {
    const invitation = await guestInvitation(request, context, params.code ?? "");
    await noteOpening(request, invitation.id);
    return apiJson({ ...guestView(invitation), ...(await rsvpWindow()) });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
