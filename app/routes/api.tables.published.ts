import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiJson, apiRoute, readJson, requireApiAdmin } from "~/http/api.server";
import { setTablesPublished } from "~/models/tables.server";

const body = z.object({ published: z.boolean() }).strict();

/** PUT /api/tables/published (admin) `{ "published": true }`: 'Publicar mesas', as the screen's switch. */
const route = apiRoute({
  PUT: async ({ request }) => {
    await requireApiAdmin(request);
    const { published } = await readJson(request, body);
    await setTablesPublished(published);
    return apiJson({ success: true, published });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
