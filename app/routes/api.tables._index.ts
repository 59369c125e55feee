import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, requireApiAdmin } from "~/http/api.server";
import { seatingPlan } from "~/models/tables.server";

/** GET /api/tables (admin) → the seating plan: tables with their people, 'Sin mesa', totals, warnings, 'Publicar mesas'. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await seatingPlan());
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
