import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, requireApiAdmin } from "~/http/api.server";
import { listPending } from "~/models/review.server";

/** GET /api/gallery/review (admin): the photos waiting for review, by section: `[{ id, name, photos: [...] }]`. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await listPending());
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
