import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, requireApiAdmin } from "~/http/api.server";
import { listSections, seedDefaultSections } from "~/models/gallery.server";

/**
 * POST /api/gallery/seed-sections (admin), empty body → { created, sections }: the default
 * sections when there are none (created = how many); idempotent (a second call creates 0).
 */
const route = apiRoute({
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const created = await seedDefaultSections();
    return apiJson({ created, sections: await listSections({ includeInactive: true }) });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
