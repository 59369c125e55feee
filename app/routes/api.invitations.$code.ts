import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MAX_EVENTS } from "~/lib/events";
import { apiJson, apiRoute, fail, idParam, readJson, requireApiAdmin } from "~/http/api.server";
import { apiAnswers, overCapacityAnswer } from "~/http/api-messages.server";
import { guestInvitation, guestView } from "~/http/api-invitations.server";
import { deleteInvitation, updateInvitation } from "~/models/invitations.server";

// Types only; the rules (name required, 1..8 seats, not below the confirmed guests) are updateInvitation's.
// `status` is the admin's answer for the guests: back to "pending" or "declined" (only guests say yes).
const updateBody = z
  .object({
    primaryGuest: z.string().optional(),
    maxGuests: z.number().optional(),
    status: z.enum(["pending", "declined"]).optional(),
    // null or "" clears a contact; absent keeps it.
    phone: z.string().nullable().optional(),
    email: z.string().nullable().optional(),
    allowOverCapacity: z.boolean().optional(),
    // The couple's events it is invited to (the wedding always is); absent keeps them.
    events: z.array(z.number().int()).max(MAX_EVENTS).optional(),
  })
  .strict();

/**
 * One URL shape, two meanings:
 * GET /api/invitations/{code} (guest) → { primaryGuest, maxGuests, confirmed, status, message, guests };
 * PUT /api/invitations/{id} (admin) { primaryGuest?, maxGuests?, status?, phone?, email?, allowOverCapacity? } → the invitation
 *   (409 { error, total, capacity } when raising the seats past the 140 unless allowed);
 * DELETE /api/invitations/{id} (admin) → { success: true }.
 * (/api/invitations/stats is its own module: a static segment wins.)
 */
const route = apiRoute({
  GET: async ({ request, params, context }) => apiJson(guestView(await guestInvitation(request, context, params.code ?? ""))),
  PUT: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = await idParam(request, params.code);
    const { allowOverCapacity, ...patch } = await readJson(request, updateBody);
    const updated = await updateInvitation(id, patch, { allowOverCapacity });
    if (!updated.ok && updated.error === "overCapacity") return overCapacityAnswer(request, updated);
    if (!updated.ok) return fail(request, apiAnswers.updateInvitation[updated.error]);
    return apiJson(updated.invitation);
  },
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    if (!(await deleteInvitation(await idParam(request, params.code)))) return fail(request, apiAnswers.invitationNotFound);
    return apiJson({ success: true });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
