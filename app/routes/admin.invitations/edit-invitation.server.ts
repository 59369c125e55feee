import type { AdminInput, AdminResult } from "~/lib/admin-schemas";
import { findInvitationById, updateInvitation, type UpdateInvitationError } from "~/models/invitations.server";

/** The reason shown in the form for each refusal, and its status. */
const refusals: Record<UpdateInvitationError | "overCapacity", readonly [number, string]> = {
  primaryGuestRequired: [400, "dashboard:create.nameRequired"],
  nameTooLong: [400, "dashboard:create.nameTooLong"],
  maxGuestsOutOfRange: [400, "dashboard:create.maxGuestsOutOfRange"],
  phoneInvalid: [400, "reminders:contacts.phoneInvalid"],
  emailInvalid: [400, "reminders:contacts.emailInvalid"],
  unknownEvent: [400, "events:errors.unknownEvent"],
  notFound: [404, "common:api.invitationNotFound"],
  belowConfirmed: [409, "common:api.belowConfirmed"],
  overCapacity: [409, "dashboard:edit.overCapacity"],
};

/**
 * 'Editar Invitación' (the admin's face of PUT /api/invitations/{id}): the name, the seats, the
 * language, the contacts and, when asked, the answer. Changing the answer removes every guest but the primary
 * one, so it is only done once the admin said yes to the question (confirmed=yes); until then the
 * form is answered with `confirmAnswer` and nothing changes. Raising the seats past the capacity
 * is refused here (the Crear form is where the couple knowingly goes over).
 */
export async function editInvitation(value: AdminInput<"editInvitation">): Promise<AdminResult> {
  const { intent } = value;
  const refuse = (error: UpdateInvitationError | "overCapacity"): AdminResult => {
    const [status, key] = refusals[error];
    // The generic failure first (a toast with JavaScript; without, shown in the form), then the reason.
    return {
      intent,
      ok: false,
      status,
      error: { "": ["dashboard:toasts.updateInvitationError", key] },
      toast: { kind: "error", key: "dashboard:toasts.updateInvitationError" },
      // Shown again in the form (without JavaScript the page is new).
      initialValue: {
        id: String(value.id),
        primaryGuest: value.primaryGuest,
        maxGuests: String(value.maxGuests),
        language: value.language ?? "",
        phone: value.phone ?? "",
        email: value.email ?? "",
        ...(value.eventsShown === "yes" ? { events: (value.events ?? []).join(",") } : {}),
      },
    };
  };
  const current = await findInvitationById(value.id);
  if (!current) return refuse("notFound");
  const status = value.answer === "keep" || value.answer === current.status ? undefined : value.answer;
  if (status && value.confirmed !== "yes") {
    return {
      intent,
      ok: false,
      status: 409,
      confirmAnswer: {
        id: value.id,
        primaryGuest: value.primaryGuest,
        maxGuests: String(value.maxGuests),
        answer: value.answer,
        language: value.language,
        phone: value.phone,
        email: value.email,
      },
    };
  }
  const updated = await updateInvitation(value.id, {
    primaryGuest: value.primaryGuest,
    maxGuests: value.maxGuests,
    language: value.language,
    status,
    // The form always shows both: one left blank is cleared.
    phone: value.phone ?? null,
    email: value.email ?? null,
    // 'Invitado a' shown: the events ticked (none is none); not shown (no events, or the answer's question step), unchanged.
    events: value.eventsShown === "yes" ? (value.events ?? []) : undefined,
  });
  if (!updated.ok) return refuse(updated.error);
  return { intent, ok: true, toast: { kind: "success", key: "dashboard:toasts.invitationUpdated" } };
}
