import { invitationsTabSchema, isLoadError } from "~/lib/admin-schemas";
import { pendingInvitations } from "~/models/reminders.server";
import { deleteGuest, deleteInvitation, listInvitations } from "~/models/invitations.server";
import { failed } from "~/http/admin/access.server";
import { removeDemoDataFailure, removeDemoDataHandler } from "~/http/admin/demo-data.server";
import { listDishes } from "~/models/menu.server";
import { listQuestions } from "~/models/guest-questions.server";
import { editInvitation } from "./edit-invitation.server";
import { invitationEmailsOf, sendInvitationEmail } from "~/http/admin/emails.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";

/** Invitaciones: the whole list (the page filters it), and how many wait for an answer ('Por responder (N)'). */
export async function loadInvitationsTab() {
  const [invitations, pending, emails, dishes, questions] = await Promise.all([
    attempt("invitations", listInvitations),
    attempt("pending invitations", pendingInvitations),
    invitationEmailsOf(),
    // The couple's menu: each guest's dish by name, and 'Por menú'.
    listDishes().catch(() => []),
    // The couple's questions: each answer under its invitation or person.
    listQuestions().catch(() => []),
  ]);
  return {
    invitations,
    pendingCount: isLoadError(pending) ? 0 : pending.length,
    emails,
    ...(dishes.length ? { dishes } : {}),
    ...(questions.length ? { questions } : {}),
  };
}

const failures = {
  deleteInvitation: "dashboard:toasts.deleteInvitationError",
  editInvitation: "dashboard:toasts.updateInvitationError",
  deleteGuest: "dashboard:toasts.deleteGuestError",
  sendInvitationEmail: "emails:toasts.queueFailed",
  removeDemoData: removeDemoDataFailure,
};

export const invitationsTab: AdminScreenActions<"deleteInvitation" | "editInvitation" | "deleteGuest" | "sendInvitationEmail" | "removeDemoData"> = {
  schema: invitationsTabSchema,
  failures,
  handlers: {
    async deleteInvitation(input) {
      if (!(await deleteInvitation(input.id))) return failed(input.intent, failures.deleteInvitation, 404);
      return done(input.intent, "dashboard:toasts.invitationDeleted");
    },
    editInvitation,
    sendInvitationEmail,
    removeDemoData: removeDemoDataHandler,
    async deleteGuest(input) {
      const result = await deleteGuest(input.id);
      // The server's own reason when it has one (the primary guest), else the generic 'could not delete' text.
      if (!result.ok)
        return result.error === "primaryGuest" ? failed(input.intent, "dashboard:toasts.primaryGuest", 409) : failed(input.intent, failures.deleteGuest, 404);
      return done(input.intent, "dashboard:toasts.guestDeleted");
    },
  },
};
