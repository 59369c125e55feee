import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, fail, idParam, requireApiAdmin } from "~/http/api.server";
import { apiAnswers } from "~/http/api-messages.server";
import { deleteGuest } from "~/models/invitations.server";

/** DELETE /api/guests/{id} (admin): frees a seat (maxGuests − 1); never the primary guest (409). */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const result = await deleteGuest(await idParam(request, params.id));
    if (!result.ok) return fail(request, apiAnswers.deleteGuest[result.error]);
    return apiJson({ success: true, invitationId: result.invitationId });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
