import { createTabSchema } from "~/lib/admin-schemas";
import { createInvitation, findInvitationByCode, getStats } from "~/models/invitations.server";
import { apiAnswers } from "~/http/api-messages.server";
import { failed } from "~/http/admin/access.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";

/**
 * Crear: the statistics, for the seats still free; after 'Crear Invitación' (`?created=CODE`) the
 * new invitation, for its result's link and 'Compartir' (null when that code names none any more).
 */
export async function loadCreateTab(request: Request) {
  const code = new URL(request.url).searchParams.get("created");
  const invitation = code ? await findInvitationByCode(code).catch(() => null) : null;
  const created = invitation
    ? {
        id: invitation.id,
        code: invitation.code,
        primaryGuest: invitation.primaryGuest,
        language: invitation.language,
        phone: invitation.phone,
        email: invitation.email,
      }
    : null;
  return { stats: await attempt("stats", getStats), created };
}

export const createTab: AdminScreenActions<"createInvitation"> = {
  schema: createTabSchema,
  failures: { createInvitation: "dashboard:toasts.createInvitationError" },
  handlers: {
    async createInvitation(input) {
      // 'Invitado a' shown: the events ticked (none is none); not shown, every event.
      const events = input.eventsShown === "yes" ? (input.events ?? []) : undefined;
      const created = await createInvitation({ ...input, events }, { allowOverCapacity: input.overCapacity === "yes" });
      // What was typed, shown again (without JavaScript the page is new): the warning's second step, a refused contact.
      const initialValue = {
        primaryGuest: input.primaryGuest,
        maxGuests: String(input.maxGuests),
        language: input.language,
        phone: input.phone ?? "",
        email: input.email ?? "",
        ...(events ? { events: events.join(",") } : {}),
      };
      if (!created.ok && created.error === "overCapacity") {
        // Warn before creating; the form asks again with overCapacity=yes.
        return { intent: input.intent, ok: false, status: 409, capacityWarning: { total: created.total, capacity: created.capacity }, initialValue };
      }
      if (!created.ok) return { ...failed(input.intent, apiAnswers.invitationInput[created.error][1], 400), initialValue };
      const { code, primaryGuest } = created.invitation;
      return done(input.intent, "dashboard:toasts.invitationCreated", { created: { code, primaryGuest } });
    },
  },
};
