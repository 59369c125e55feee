import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, idParam } from "~/http/api.server";
import { reviewDecision } from "~/http/api-gallery.server";

/** POST /api/gallery/review/media/{id} (admin) `{ decision: "approve" | "reject" }`: one pending photo. */
const route = apiRoute({
  POST: async ({ request, params }) => reviewDecision(request, { mediaId: await idParam(request, params.id) }),
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
