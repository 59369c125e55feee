import { emailEnabled, sendTestEmail } from "~/infra/mail.server";
import { getFixedT, getLanguage } from "~/infra/i18n.server";
import { consume, RateLimited } from "~/infra/rate-limit.server";
import { mailServerWords, testEmailOutcome, type MailError } from "~/lib/mail-test";
import { emailsScreenSchema, type AdminInput, type AdminResult } from "~/lib/admin-schemas";
import {
  guestEmailCounts,
  invitationEmailStates,
  queueAllGuestEmails,
  queueGuestEmail,
  type GuestEmailKind,
  type QueueOneError,
} from "~/models/invitation-emails.server";
import { listOutbox } from "~/models/outbox.server";
import { failed } from "./access.server";
import { tooManyAttempts } from "./login.server";
import { attempt, type AdminScreenActions, type HandlerContext } from "./tab-action.server";

/**
 * Correos (/admin/emails, decision 0044): every message of the outbox with its state, and the guests'
 * e-mails, one invitation's or all of them after a confirmation that says how many. Without
 * SMTP_URL (and MAIL_FROM) every e-mail control is hidden and the screen says that e-mail is off
 * and which settings turn it on: an admin who opens it learns why, instead of meeting "not found".
 */

/** How many messages the screen lists (the newest); a wedding sends a few hundred. */
const SHOWN_MESSAGES = 300;

export async function loadEmailsScreen() {
  if (!emailEnabled()) return { off: true as const };
  const [counts, messages] = await Promise.all([
    attempt("e-mail counts", () => guestEmailCounts()),
    attempt("outbox", () => listOutbox({ limit: SHOWN_MESSAGES })),
  ]);
  return { off: false as const, counts, messages };
}

/** Invitaciones' share panels: each invitation's address and e-mail state, only when the site sends e-mail (else none: no control shows). */
export async function invitationEmailsOf() {
  return emailEnabled() ? attempt("invitation e-mails", invitationEmailStates) : {};
}

type EmailIntent = AdminInput<"sendInvitationEmail" | "sendReminderEmail" | "sendAllInvitationEmails" | "sendAllReminderEmails" | "sendTestEmail">["intent"];

const failures: Record<EmailIntent, string> = {
  sendInvitationEmail: "emails:toasts.queueFailed",
  sendReminderEmail: "emails:toasts.queueFailed",
  sendAllInvitationEmails: "emails:toasts.queueFailed",
  sendAllReminderEmails: "emails:toasts.queueFailed",
  sendTestEmail: "emails:test.failed",
};

const success = (intent: EmailIntent, key: string, values?: Record<string, number>): AdminResult => ({
  intent,
  ok: true,
  toast: { kind: "success", key, values },
});

const ONE_ERROR_STATUS: Record<QueueOneError, number> = { notFound: 404, noEmail: 400, unsubscribed: 409, changed: 409, answered: 409, closed: 409 };

/** One invitation's e-mail: 'Enviar invitación por correo' (also posted from Invitaciones' share panel) or its reminder. */
async function sendOne(intent: EmailIntent, kind: GuestEmailKind, id: number, seen: string | null): Promise<AdminResult> {
  if (!emailEnabled()) return failed(intent, "emails:disabled", 404);
  const queued = await queueGuestEmail(kind, id, seen);
  if (!queued.ok) return failed(intent, `emails:errors.${queued.error}`, ONE_ERROR_STATUS[queued.error]);
  return success(intent, kind === "invitation" ? "emails:toasts.invitationQueued" : "emails:toasts.reminderQueued");
}

async function sendAll(intent: EmailIntent, kind: GuestEmailKind, count: number): Promise<AdminResult> {
  if (!emailEnabled()) return failed(intent, "emails:disabled", 404);
  const queued = await queueAllGuestEmails(kind, count);
  if (queued.ok) return success(intent, kind === "invitation" ? "emails:toasts.invitationsQueued" : "emails:toasts.remindersQueued", { count: queued.count });
  if (queued.error === "closed") return failed(intent, "emails:errors.closed", 409);
  // Nothing left to send, or the number changed since the admin confirmed it: ask again with the new one.
  const key = queued.count === 0 ? "emails:errors.noneLeft" : "emails:errors.countChanged";
  return { ...failed(intent, key, 409), toast: { kind: "error", key, values: { count: queued.count } } };
}

/** The per-invitation sends, for any screen that shows the button (its schema takes sendInvitationEmailForm / sendReminderEmailForm). */
export const sendInvitationEmail = (input: AdminInput<"sendInvitationEmail">) => sendOne(input.intent, "invitation", input.id, input.seen);
export const sendReminderEmail = (input: AdminInput<"sendReminderEmail">) => sendOne(input.intent, "reminder", input.id, input.seen);

/**
 * 'Enviar correo de prueba': a short message to the address typed, sent at once through the
 * site's transport (not the outbox: the point is the server's answer now), and that answer shown
 * where the form is, in plain words. A few a minute per client (TEST_EMAILS_PER_MINUTE).
 */
async function sendTest(input: AdminInput<"sendTestEmail">, context?: HandlerContext): Promise<AdminResult> {
  const { intent } = input;
  if (!emailEnabled()) return failed(intent, "emails:disabled", 404);
  if (!context) throw new Error("sendTestEmail needs the request: it is posted through screenAction");
  try {
    await consume("testEmail", context.client);
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts(intent, error).result;
    throw error;
  }
  const [t, language] = await Promise.all([getFixedT(context.request, "emails"), getLanguage(context.request)]);
  try {
    const { response } = await sendTestEmail({ to: input.to, subject: t("test.subject"), text: t("test.body"), language });
    const shown = { kind: "success" as const, key: "emails:test.outcomes.accepted", values: { reply: mailServerWords({ response }) } };
    return { intent, ok: true, toast: shown, shown };
  } catch (error) {
    const mailError = (error ?? {}) as MailError;
    console.warn("admin: the test e-mail was not accepted:", mailServerWords(mailError));
    const shown = { kind: "error" as const, key: `emails:test.outcomes.${testEmailOutcome(mailError)}`, values: { reply: mailServerWords(mailError) } };
    return { intent, ok: true, toast: shown, shown };
  }
}

export const emailsScreen: AdminScreenActions<EmailIntent> = {
  schema: emailsScreenSchema,
  failures,
  handlers: {
    sendInvitationEmail,
    sendReminderEmail,
    sendAllInvitationEmails: (input) => sendAll(input.intent, "invitation", input.count),
    sendAllReminderEmails: (input) => sendAll(input.intent, "reminder", input.count),
    sendTestEmail: sendTest,
  },
};
