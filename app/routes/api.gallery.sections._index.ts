import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiJson, apiRoute, fail, isApiAdmin, readJson, requireApiAdmin } from "~/http/api.server";
import { apiAnswers } from "~/http/api-messages.server";
import { createSection, listSections } from "~/models/gallery.server";

// Types only; the rules (name required after trim, lengths, defaults, order) are createSection's.
const createBody = z.object({
  name: z.string(),
  description: z.string().nullable().optional(),
  name_en: z.string().nullable().optional(),
  description_en: z.string().nullable().optional(),
  allow_upload: z.boolean().optional(),
  is_active: z.boolean().optional(),
  review_uploads: z.boolean().optional(),
  // A client's payload may carry an order; the server always appends (order = count + 1).
  order: z.number().optional(),
});

const route = apiRoute({
  /** GET /api/gallery/sections → active sections with their media (the admin gets all). */
  GET: async ({ request }) => apiJson(await listSections({ includeInactive: await isApiAdmin(request) })),
  /** POST /api/gallery/sections (admin) { name, description?, name_en?, description_en?, allow_upload?, is_active?, review_uploads?, order? } → 201 the section. */
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const created = await createSection(await readJson(request, createBody));
    if (!created.ok) return fail(request, apiAnswers.section[created.error]);
    return apiJson(created.section, 201);
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
