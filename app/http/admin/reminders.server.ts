import { remindersScreenSchema } from "~/lib/admin-schemas";
import { formatLongDate } from "~/lib/dates";
import { personalLink, whatsAppLink } from "~/lib/personal-link";
import { isRsvpOpen } from "~/lib/rsvp";
import { publicBaseUrl } from "~/http/public-url.server";
import { i18nFor } from "~/infra/i18n.server";
import type { Invitation } from "~/models/invitations.server";
import { pendingInvitations, recordReminder, type RecordReminderError } from "~/models/reminders.server";
import { failed } from "./access.server";
import { sendReminderEmail } from "./emails.server";
import { attempt, done, type AdminScreenActions } from "./tab-action.server";
import { weddingDates } from "~/models/content-dates.server";

/** One pending invitation as 'Por responder' shows it, with its reminder ready in its own language. */
export interface ReminderRow {
  id: number;
  primaryGuest: string;
  language: string;
  phone: string | null;
  email: string | null;
  openedFirstAt: string | null;
  remindedAt: string | null;
  reminderCount: number;
  /** The reminder: the guest's name, the deadline (long date) and the personal link on PUBLIC_URL. */
  message: string;
  /** wa.me with the message, in the guest's chat when there is a phone. */
  whatsApp: string;
}

/** The reminder's text for one invitation, in its language (app/locales/{es,en}/reminders.json "message"). */
export async function reminderMessage(invitation: Pick<Invitation, "code" | "primaryGuest" | "language">, baseUrl: string): Promise<string> {
  const { language } = invitation;
  const t = (await i18nFor(language)).getFixedT(language, "reminders");
  const { rsvpDeadline, timeZone } = await weddingDates();
  return t("message", {
    name: invitation.primaryGuest,
    deadline: formatLongDate(rsvpDeadline, language, timeZone),
    link: personalLink(baseUrl, invitation.code),
  });
}

/** A pending invitation's row: its reminder text and WhatsApp link built here, once, for both ways of sending it. */
export async function reminderRow(invitation: Invitation, baseUrl: string): Promise<ReminderRow> {
  const message = await reminderMessage(invitation, baseUrl);
  return {
    id: invitation.id,
    primaryGuest: invitation.primaryGuest,
    language: invitation.language,
    phone: invitation.phone,
    email: invitation.email,
    openedFirstAt: invitation.openedFirstAt,
    remindedAt: invitation.remindedAt,
    reminderCount: invitation.reminderCount,
    message,
    whatsApp: whatsAppLink(message, invitation.phone),
  };
}

/** Por responder: the pending invitations while answers are open, or that the deadline has passed. */
export async function loadReminders(request: Request) {
  const deadline = (await weddingDates()).rsvpDeadline;
  const open = isRsvpOpen(deadline);
  const base = publicBaseUrl(request);
  const rows = await attempt("pending invitations", async () => Promise.all((await pendingInvitations()).map((inv) => reminderRow(inv, base))));
  return { open, deadline, rows };
}

/** Why a reminder was not recorded: status and message (a translation key). */
export const reminderRefusals: Record<RecordReminderError, readonly [number, string]> = {
  notFound: [404, "common:api.invitationNotFound"],
  notPending: [409, "reminders:remind.notPending"],
};

export const remindersScreen: AdminScreenActions<"remindInvitation" | "sendReminderEmail"> = {
  schema: remindersScreenSchema,
  failures: { remindInvitation: "reminders:remind.error", sendReminderEmail: "emails:toasts.queueFailed" },
  handlers: {
    sendReminderEmail,
    async remindInvitation(input) {
      const recorded = await recordReminder(input.id);
      if (!recorded.ok) return failed(input.intent, reminderRefusals[recorded.error][1], reminderRefusals[recorded.error][0]);
      return done(input.intent, "reminders:remind.recorded");
    },
  },
};

/**
 * 'Recordar por WhatsApp' without JavaScript (GET /admin/reminders/{id}/whatsapp, opened in a new tab):
 * the reminder recorded, then its wa.me link. An invitation no longer pending (answered, gone, past the
 * deadline) records nothing.
 */
export async function recordWhatsAppReminder(
  request: Request,
  id: number,
): Promise<{ ok: true; whatsApp: string } | { ok: false; error: RecordReminderError }> {
  const pending = (await pendingInvitations()).find((inv) => inv.id === id);
  if (!pending) return { ok: false, error: "notPending" };
  const recorded = await recordReminder(id);
  if (!recorded.ok) return recorded;
  return { ok: true, whatsApp: (await reminderRow(pending, publicBaseUrl(request))).whatsApp };
}
