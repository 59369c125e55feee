import type { Kysely, Transaction } from "kysely";
import { config } from "~/infra/config.server";
import { db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import { i18nFor } from "~/infra/i18n.server";
import { escapeHtml } from "~/lib/escape-html";
import { qrPng } from "~/infra/qr.server";
import type { Language } from "~/lib/constants";
import { formatLongDate } from "~/lib/dates";
import { personalLink } from "~/lib/personal-link";
import { isRsvpOpen } from "~/lib/rsvp";
import { mailFrame, unsubscribeUrl, type ComposedEmail } from "~/models/notifications.server";
import { statusOf } from "~/models/invitations.server";
import { enqueue, outboxTransaction, type NewOutboxMessage, type OutboxTransaction } from "~/models/outbox.server";
import { isPending, remindersRecorded } from "~/models/reminders.server";
import { currentContent } from "~/models/content-live.server";
import { weddingDates } from "~/models/content-dates.server";

/**
 * The guests' own e-mails (decision 0044): an invitation (the personal link and its QR code) and a
 * reminder to answer, queued in the outbox (docs/decisions/0030-outbox.md) in the transaction that
 * records them on the invitation, composed when sent in the invitation's language.
 *
 * Queuing twice is what a double click or a replayed form would do, so every queue is conditional:
 * one invitation's only while it still shows what the admin saw (`seen`: when its last invitation
 * or reminder was queued), the bulk ones only while the number the admin confirmed still holds.
 */

export type GuestEmailKind = "invitation" | "reminder";
export const GUEST_EMAIL_KINDS: readonly GuestEmailKind[] = ["invitation", "reminder"];

/** An invitation or reminder row's payload: what its e-mail is made from. */
export interface GuestEmailPayload {
  code: string;
  primaryGuest: string;
}

/** 'Enviar recordatorio a todos por correo' skips invitations reminded (sent or copied) this recently. */
export const REMINDER_INTERVAL_DAYS = 3;

type Reader = Kysely<Database> | Transaction<Database>;
const DAY_MS = 24 * 60 * 60_000;

/** Invitations with an address that did not ask to stop e-mails. */
function withAddress(reader: Reader) {
  return reader
    .selectFrom("invitations")
    .where("email", "is not", null)
    .where("email", "not in", (eb) => eb.selectFrom("suppressed_emails").select("email"));
}

/** Still waiting for an answer (isPending: statusOf in SQL). */
function pending<Q extends ReturnType<typeof withAddress>>(query: Q): Q {
  return query.where(() => isPending) as Q;
}

/** 'Enviar invitación por correo a todos': every invitation with an address that was never sent one. */
function toInvite(reader: Reader) {
  return withAddress(reader).where("invitation_emailed_at", "is", null);
}

/**
 * 'Enviar recordatorio a todos por correo': every pending invitation with an address not reminded
 * in the last REMINDER_INTERVAL_DAYS (sent or copied: reminded_at counts both).
 */
function toRemind(reader: Reader, now: Date) {
  const since = new Date(now.getTime() - REMINDER_INTERVAL_DAYS * DAY_MS).toISOString();
  return pending(withAddress(reader)).where((eb) => eb.or([eb("reminded_at", "is", null), eb("reminded_at", "<=", since)]));
}

const recipientColumns = ["id", "code", "primary_guest", "email", "language"] as const;
interface RecipientRow {
  id: number;
  code: string;
  primary_guest: string;
  email: string | null;
  language: Language;
}

/** How many each bulk action would e-mail now: the figures its confirmation states. */
export async function guestEmailCounts(now = new Date()): Promise<{ invitations: number; reminders: number; rsvpOpen: boolean }> {
  const [invitations, reminders] = await Promise.all([
    toInvite(db())
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    toRemind(db(), now)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const rsvpOpen = isRsvpOpen((await weddingDates()).rsvpDeadline, now);
  return { invitations: Number(invitations.n), reminders: rsvpOpen ? Number(reminders.n) : 0, rsvpOpen };
}

/** Per invitation: its address and when its invitation and last reminder were queued (the admin's share panel). */
export interface InvitationEmailState {
  email: string | null;
  emailedAt: string | null;
  remindedAt: string | null;
  reminderCount: number;
}

export async function invitationEmailStates(): Promise<Record<number, InvitationEmailState>> {
  const rows = await db()
    .selectFrom("invitations")
    .select(["id", "email", "invitation_emailed_at", "reminded_at", "reminder_count"])
    .where("email", "is not", null)
    .execute();
  return Object.fromEntries(
    rows.map((r) => [r.id, { email: r.email, emailedAt: r.invitation_emailed_at, remindedAt: r.reminded_at, reminderCount: Number(r.reminder_count) }]),
  );
}

function messageOf(kind: GuestEmailKind, row: RecipientRow): NewOutboxMessage {
  const payload: GuestEmailPayload = { code: row.code, primaryGuest: row.primary_guest };
  return { kind, channel: "email", recipient: row.email!, language: row.language, payload };
}

async function markInvited(trx: OutboxTransaction, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable("invitations").set({ invitation_emailed_at: now.toISOString() }).where("id", "in", ids).execute();
}

/** Rows a few hundred at a time: one statement's parameters stay well under both engines' limits. */
const CHUNK = 200;
async function queueAndRecord(trx: OutboxTransaction, kind: GuestEmailKind, rows: readonly RecipientRow[], now: Date) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await enqueue(
      chunk.map((r) => messageOf(kind, r)),
      trx,
    );
    const ids = chunk.map((r) => r.id);
    if (kind === "invitation") await markInvited(trx, ids, now);
    else await remindersRecorded(trx, ids, now).execute();
  }
}

export type QueueOneError = "notFound" | "noEmail" | "unsubscribed" | "changed" | "answered" | "closed";
export type QueueOneResult = { ok: true } | { ok: false; error: QueueOneError };

/**
 * 'Enviar invitación por correo' / 'Enviar recordatorio por correo' for one invitation. `seen` is
 * when its last one of this kind was queued as the admin's page showed it (null: never): a double
 * click or a replayed form finds it changed and queues nothing.
 */
export async function queueGuestEmail(kind: GuestEmailKind, id: number, seen: string | null, now = new Date()): Promise<QueueOneResult> {
  // Read before the transaction: the content's revision check is a query of its own.
  const rsvpOpen = isRsvpOpen((await weddingDates()).rsvpDeadline, now);
  return outboxTransaction(async (trx): Promise<QueueOneResult> => {
    const row = await trx
      .selectFrom("invitations")
      .select([...recipientColumns, "invitation_emailed_at", "reminded_at", "confirmed", "status"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { ok: false, error: "notFound" };
    if (!row.email) return { ok: false, error: "noEmail" };
    const last = kind === "invitation" ? row.invitation_emailed_at : row.reminded_at;
    if (last !== seen) return { ok: false, error: "changed" };
    if (kind === "reminder") {
      if (statusOf(row) !== "pending") return { ok: false, error: "answered" };
      if (!rsvpOpen) return { ok: false, error: "closed" };
    }
    const suppressed = await trx.selectFrom("suppressed_emails").select("email").where("email", "=", row.email).executeTakeFirst();
    if (suppressed) return { ok: false, error: "unsubscribed" };
    await queueAndRecord(trx, kind, [row], now);
    return { ok: true };
  });
}

export type QueueAllResult = { ok: true; count: number } | { ok: false; error: "changed"; count: number } | { ok: false; error: "closed" };

/**
 * The bulk actions, after the admin confirmed `expected` e-mails: queued only if that is still
 * the number (otherwise the new number, to ask again). Selected and marked in one transaction,
 * so two posts never queue the same invitation twice.
 */
export async function queueAllGuestEmails(kind: GuestEmailKind, expected: number, now = new Date()): Promise<QueueAllResult> {
  if (kind === "reminder" && !isRsvpOpen((await weddingDates()).rsvpDeadline, now)) return { ok: false, error: "closed" };
  return outboxTransaction(async (trx): Promise<QueueAllResult> => {
    const query = kind === "invitation" ? toInvite(trx) : toRemind(trx, now);
    const rows = await query.select(recipientColumns).orderBy("id").execute();
    if (rows.length !== expected || rows.length === 0) return { ok: false, error: "changed", count: rows.length };
    await queueAndRecord(trx, kind, rows, now);
    return { ok: true, count: rows.length };
  });
}

/* ---------- Composition, when sent ---------- */

export interface ComposedGuestEmail extends ComposedEmail {
  inlineImages: { cid: string; filename: string; content: Buffer; contentType: string }[];
}

const QR_CID = "qr@invitation";

/**
 * Why a queued guest e-mail should no longer go, or null: its invitation was deleted (the link
 * would be dead), or a reminder's guests answered meanwhile, or its deadline passed while it
 * waited (the rate can hold a long queue).
 */
export async function staleGuestEmail(kind: GuestEmailKind, payload: GuestEmailPayload, now = new Date()): Promise<string | null> {
  const row = await db().selectFrom("invitations").select(["confirmed", "status"]).where("code", "=", payload.code).executeTakeFirst();
  if (!row) return "invitation deleted";
  if (kind === "reminder" && statusOf(row) !== "pending") return "already answered";
  if (kind === "reminder" && !isRsvpOpen((await weddingDates()).rsvpDeadline, now)) return "deadline passed";
  return null;
}

/**
 * An invitation or reminder e-mail in `language`: the couple's names, the date and the deadline
 * (long, in that language), the personal link as a button and as text, its QR code as an inline
 * image (a CID part), the code, and the unsubscribe link; a plain-text part says the same. Every
 * guest-typed text is escaped in the HTML.
 */
export async function composeGuestEmail(kind: GuestEmailKind, payload: GuestEmailPayload, language: Language, recipient: string): Promise<ComposedGuestEmail> {
  const t = (await i18nFor(language)).getFixedT(language, "mail");
  const names = (await currentContent()).couple.names;
  const dates = await weddingDates();
  const link = personalLink(config().PUBLIC_URL ?? "", payload.code);
  const date = formatLongDate(dates.weddingDate, language, dates.timeZone);
  const deadline = formatLongDate(dates.rsvpDeadline, language, dates.timeZone);
  const values = { names, name: payload.primaryGuest, date, deadline, code: payload.code };
  const subject = t(`${kind}.subject`, values);
  const greeting = t("guest.greeting", values);
  const body = t(`${kind}.body`, values);
  const ask = t(`${kind}.ask`, values);
  const unsubscribe = unsubscribeUrl(recipient, language);
  const frame = mailFrame(t, language, subject, unsubscribe);
  const text = [greeting, "", body, "", ask, link, "", t("guest.code", values), "", t("guest.signature", values), "", frame.textFooter].join("\n");
  const e = escapeHtml;
  const html = frame.html(
    `<p style="font-size:1.2em">${e(greeting)}</p>
<p>${e(body)}</p>
<p>${e(ask)}</p>
<p style="text-align:center;margin:24px 0"><a href="${e(link)}" style="display:inline-block;background:#7a4b2a;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">${e(t("guest.button"))}</a></p>
<p style="text-align:center;word-break:break-all"><a href="${e(link)}">${e(link)}</a></p>
<p style="text-align:center">${e(t("guest.scan"))}<br><img src="cid:${QR_CID}" alt="${e(t("guest.qrAlt"))}" width="200" height="200" style="width:200px;height:200px"></p>
<p style="text-align:center">${e(t("guest.code", values))}</p>
<p>${e(t("guest.signature", values))}</p>`,
    ";max-width:560px;margin:0 auto;padding:16px",
  );
  const qr = { cid: QR_CID, filename: `${t("guest.qrFile")}-${payload.code}.png`, content: await qrPng(link), contentType: "image/png" };
  return { subject, text, html, unsubscribeUrl: unsubscribe, inlineImages: [qr] };
}
