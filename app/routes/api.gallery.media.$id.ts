import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, fail, idParam, requireApiAdmin } from "~/http/api.server";
import { apiAnswers } from "~/http/api-messages.server";
import { deleteMedia } from "~/models/gallery.server";

/** DELETE /api/gallery/media/{id} (admin): the photo and its files. */
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    if (!(await deleteMedia(await idParam(request, params.id)))) return fail(request, apiAnswers.mediaNotFound);
    return apiJson({ success: true });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
