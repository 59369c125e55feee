import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiJson, apiRoute, fail, readJson, requireApiAdmin } from "~/http/api.server";
import { createTable, seatingPlan } from "~/models/tables.server";

// Types only (and bounds): the table's rules are createTable's.
const newTable = z.object({ name: z.string().max(200), seats: z.union([z.number(), z.string().max(10)]) }).strict();

/**
 * GET /api/tables (admin) → the seating plan: tables with their people, 'Sin mesa', totals, warnings, 'Publicar mesas'.
 * POST /api/tables (admin) `{ "name": "Mesa 3", "seats": 8 }` → 201 the new table (its `token`: the card's address
 * is /mesa/{token}); the screen's rules, a 400 with the reason in the caller's language (a name another table
 * has, trimmed and case aside: 409).
 */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await seatingPlan());
  },
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const created = await createTable(await readJson(request, newTable));
    // A name another table has is a conflict with what is stored; every other refusal is the input's.
    if (!created.ok) return fail(request, [created.error === "nameTaken" ? 409 : 400, `tables:errors.${created.error}`]);
    return apiJson(created.table, 201);
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
