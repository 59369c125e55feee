import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute } from "~/http/api.server";
import { declineForGuest } from "~/http/api-invitations.server";

/**
 * POST /api/invitations/{code}/decline (no body) → the invitation, declined. Once only: declining
 * again answers the same; 409 once confirmed; 403 after the deadline; 404 for an unknown code.
 * Rate-limited like code look-ups and confirmations.
 */
const route = apiRoute({
  POST: async ({ request, params, context }) => apiJson(await declineForGuest(request, context, params.code ?? "")),
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
