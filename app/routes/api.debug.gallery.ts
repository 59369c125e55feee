import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, requireApiAdmin } from "~/http/api.server";
import { galleryDebug } from "~/http/api-gallery.server";

/** GET /api/debug/gallery (admin): counts and the store's health; no paths or secrets. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await galleryDebug());
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
