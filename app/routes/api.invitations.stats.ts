import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, requireApiAdmin } from "~/http/api.server";
import { getStats } from "~/models/invitations.server";

/** GET /api/invitations/stats (admin) → the stats entity. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await getStats());
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
