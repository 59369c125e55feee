import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, fail } from "~/http/api.server";
import { apiAnswers } from "~/http/api-messages.server";
import { answerGuestUpload } from "~/http/guest-upload-answer.server";
import { tableByToken, tablePhotosTarget } from "~/models/table-cards.server";

const route = apiRoute({
  /**
   * POST /api/tables/{token}/media: one file from a table card's page (its upload queue, decision
   * 0070) through the gallery's one flow, into the couple's chosen section for the tables' photos,
   * tagged with the table; the same fields, answers and `Idempotency-Key` as
   * POST /api/gallery/sections/{id}/media, the key counting for this table. A token of no table is
   * 404 (a guessed one and a removed table alike); no section taking photos is 403.
   */
  POST: async ({ request, params, context }) => {
    const table = await tableByToken(params.token ?? "");
    if (!table) return fail(request, apiAnswers.tableNotFound);
    const section = await tablePhotosTarget();
    if (!section) return fail(request, apiAnswers.upload.uploadsClosed);
    return answerGuestUpload(request, context, String(section.id), { sectionId: section.id, tableId: table.id });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
