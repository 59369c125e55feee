import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { IMPORT_MAX_BYTES } from "~/lib/guest-list-csv";
import { apiJson, apiRoute, fail, readBodyText, requireApiAdmin } from "~/http/api.server";
import { apiT } from "~/http/api-messages.server";
import { importGuestList } from "~/models/guest-list.server";

const body = z.object({ csv: z.string(), dryRun: z.boolean() }).strict();

// JSON escaping (quotes, line breaks) makes the body larger than the file it carries.
const BODY_LIMIT = 2 * IMPORT_MAX_BYTES;

const route = apiRoute({
  /**
   * POST /api/invitations/import (admin) { csv, dryRun } → 200 { dryRun: true, preview } or
   * 201 { dryRun: false, created, preview }; 400 { error, preview? } when the file or a row is wrong
   * (then nothing is created); 413 past 1 MB.
   */
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const text = await readBodyText(request, BODY_LIMIT);
    let parsed: z.infer<typeof body>;
    try {
      const result = body.safeParse(JSON.parse(text));
      if (!result.success) return fail(request, [400, "common:api.invalidField"], { field: String(result.error.issues[0]?.path.join(".") || "(body)") });
      parsed = result.data;
    } catch {
      return fail(request, [400, "common:api.invalidJson"]);
    }
    if (Buffer.byteLength(parsed.csv, "utf8") > IMPORT_MAX_BYTES) return fail(request, [413, "dashboard:import.errors.tooLarge"]);
    const result = await importGuestList(parsed.csv, { dryRun: parsed.dryRun });
    if (!result.ok) {
      const message = (await apiT(request))(`dashboard:import.errors.${result.error}`);
      return apiJson(result.error === "rowProblems" ? { error: message, preview: result.preview } : { error: message }, 400);
    }
    if (result.dryRun) return apiJson({ dryRun: true, preview: result.preview });
    return apiJson({ dryRun: false, created: result.created, preview: result.preview }, 201);
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
