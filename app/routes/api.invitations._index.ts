import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MAX_EVENTS } from "~/lib/events";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import { apiJson, apiRoute, fail, readJson, requireApiAdmin } from "~/http/api.server";
import { apiAnswers, overCapacityAnswer } from "~/http/api-messages.server";
import { createInvitation, listInvitations } from "~/models/invitations.server";

// Types only; the rules (name required, 1..8 seats, the contacts' shapes) are createInvitation's.
const createBody = z.object({
  primaryGuest: z.string(),
  maxGuests: z.number(),
  language: z.enum(SUPPORTED_LANGUAGES).optional(),
  phone: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  allowOverCapacity: z.boolean().optional(),
  // The couple's events it is invited to (the wedding always is); absent: every event (docs/api.md "Events").
  events: z.array(z.number().int()).max(MAX_EVENTS).optional(),
});

const route = apiRoute({
  /** GET /api/invitations (admin) → every invitation with its guests (an empty list when none). */
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return apiJson(await listInvitations());
  },
  /**
   * POST /api/invitations (admin) { primaryGuest, maxGuests, language?, phone?, email?, allowOverCapacity? } → 201 the
   * invitation with its code; 409 { error, total, capacity } past the 140 seats unless allowed.
   */
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const { allowOverCapacity, ...input } = await readJson(request, createBody);
    const created = await createInvitation(input, { allowOverCapacity });
    if (!created.ok && created.error === "overCapacity") return overCapacityAnswer(request, created);
    if (!created.ok) return fail(request, apiAnswers.invitationInput[created.error]);
    return apiJson(created.invitation, 201);
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
