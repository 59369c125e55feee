import type { AdminAction } from "~/lib/admin-schemas";
import { findInvitationById, updateInvitation, type UpdateInvitationError } from "~/models/invitations.server";
import type { AdminActionResult } from "~/http/admin-page.server";

type EditInvitationValue = Extract<AdminAction, { intent: "editInvitation" }>;

/** The reason shown in the form for each refusal. */
const errorKeys: Record<UpdateInvitationError, string> = {
  primaryGuestRequired: "dashboard:create.nameRequired",
  nameTooLong: "dashboard:create.nameTooLong",
  maxGuestsOutOfRange: "dashboard:create.maxGuestsOutOfRange",
  notFound: "common:api.invitationNotFound",
  belowConfirmed: "common:api.belowConfirmed",
};
const errorStatus: Record<UpdateInvitationError, number> = {
  primaryGuestRequired: 400,
  nameTooLong: 400,
  maxGuestsOutOfRange: 400,
  notFound: 404,
  belowConfirmed: 409,
};

/**
 * 'Editar Invitación' (the admin's face of PUT /api/invitations/{id}): the name, the seats and,
 * when asked, the answer. Changing the answer removes every guest but the primary one, so it is
 * only done once the admin said yes to the question (confirmed=yes); until then the form is
 * answered with `confirmAnswer` and nothing changes.
 */
export async function editInvitation(value: EditInvitationValue): Promise<{ result: Omit<AdminActionResult, "intent">; status: number }> {
  const failure = (error: UpdateInvitationError) => ({
    // The spec-style failure first (a toast with JavaScript; without, shown in the form), then the reason.
    result: {
      ok: false,
      error: { "": ["dashboard:toasts.updateInvitationError", errorKeys[error]] },
      toast: { kind: "error" as const, key: "dashboard:toasts.updateInvitationError" },
    },
    status: errorStatus[error],
  });
  const current = await findInvitationById(value.id);
  if (!current) return failure("notFound");
  const status = value.answer === "keep" || value.answer === current.status ? undefined : value.answer;
  if (status && value.confirmed !== "yes") {
    return {
      result: {
        ok: false,
        confirmAnswer: { id: value.id, primaryGuest: value.primaryGuest, maxGuests: String(value.maxGuests), answer: value.answer },
      },
      status: 409,
    };
  }
  const updated = await updateInvitation(value.id, { primaryGuest: value.primaryGuest, maxGuests: value.maxGuests, status });
  if (!updated.ok) return failure(updated.error);
  return { result: { ok: true, toast: { kind: "success", key: "dashboard:toasts.invitationUpdated" } }, status: 200 };
}
