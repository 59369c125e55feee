import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiJson, apiRoute, fail, idParam, readJson, requireApiAdmin } from "~/http/api.server";
import { apiAnswers } from "~/http/api-messages.server";
import { deleteSection, updateSection } from "~/models/gallery.server";

// Types only; the rules are updateSection's. Unknown fields are refused (400).
const updateBody = z
  .object({
    name: z.string().optional(),
    description: z.string().nullable().optional(),
    name_en: z.string().nullable().optional(),
    description_en: z.string().nullable().optional(),
    allow_upload: z.boolean().optional(),
    is_active: z.boolean().optional(),
    review_uploads: z.boolean().optional(),
  })
  .strict();

const route = apiRoute({
  /** PUT /api/gallery/sections/{id} (admin), partial: { is_active } | { allow_upload } | { review_uploads } | { name, description, name_en, description_en } → the section. */
  PUT: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = await idParam(request, params.id);
    const updated = await updateSection(id, await readJson(request, updateBody));
    if (!updated.ok) return fail(request, apiAnswers.section[updated.error]);
    return apiJson(updated.section);
  },
  /** DELETE /api/gallery/sections/{id} (admin): the section, its photos and their files. */
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    if (!(await deleteSection(await idParam(request, params.id)))) return fail(request, apiAnswers.sectionNotFound);
    return apiJson({ success: true });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
