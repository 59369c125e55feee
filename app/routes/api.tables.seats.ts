import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiJson, apiRoute, fail, readJson, requireApiAdmin } from "~/http/api.server";
import { MAX_SEATS_PER_POST } from "~/lib/tables-schemas";
import { seatGuests } from "~/models/tables.server";

const body = z
  .object({
    seats: z.array(z.object({ guestId: z.number().int().positive(), tableId: z.number().int().positive().nullable() }).strict()).max(MAX_SEATS_PER_POST),
  })
  .strict();

/**
 * PUT /api/tables/seats (admin) with `{ "seats": [{ "guestId": 12, "tableId": 3 }, { "guestId": 13, "tableId": null }] }`:
 * the same rule as the screen's every move (seatGuests): all or nothing, 400 with its message.
 */
const route = apiRoute({
  PUT: async ({ request }) => {
    await requireApiAdmin(request);
    const { seats } = await readJson(request, body);
    const result = await seatGuests(seats);
    if (!result.ok) return fail(request, [400, `tables:errors.${result.error}`]);
    return apiJson({ success: true, moved: result.moved });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
