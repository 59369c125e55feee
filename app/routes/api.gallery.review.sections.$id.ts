import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, idParam } from "~/http/api.server";
import { reviewDecision } from "~/http/api-gallery.server";

/** POST /api/gallery/review/sections/{id} (admin) `{ decision: "approve" | "reject" }`: all of a section's pending photos. */
const route = apiRoute({
  POST: async ({ request, params }) => reviewDecision(request, { sectionId: await idParam(request, params.id) }),
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
