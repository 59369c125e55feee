import { sql, type Kysely, type Transaction } from "kysely";
import { isRsvpOpen } from "~/lib/rsvp";
import { db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import { invitationsWhere, type Invitation } from "~/models/invitations.server";
import { weddingDates } from "~/models/content-dates.server";

/**
 * Chasing the answers (decision 0031): when a guest opened their invitation, which invitations still
 * wait for an answer, and the reminders sent for them. The e-mail side (wt-emails) reuses
 * pendingInvitations() and recordReminder().
 */

/** A later opening within this long of the last one recorded is not written again (one UPDATE at most a minute). */
export const OPENED_REWRITE_MS = 60_000;

/**
 * Records that a guest opened an invitation's personal link or entered its code: the first time
 * stays the first, the last moves on (at most once a minute, so a guest reloading costs no write).
 * One UPDATE, whose condition does the checking. The caller decides who counts (never the admin:
 * app/http/opened.server.ts).
 */
export async function recordOpening(invitationId: number, now: Date = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const since = new Date(now.getTime() - OPENED_REWRITE_MS).toISOString();
  await db()
    .updateTable("invitations")
    .set({ opened_first_at: sql<string>`COALESCE(opened_first_at, ${stamp})`, opened_last_at: stamp })
    .where("id", "=", invitationId)
    .where((eb) => eb.or([eb("opened_last_at", "is", null), eb("opened_last_at", "<=", since)]))
    .execute();
}

/** Pending: no answer yet (the same rule as statusOf: `confirmed` wins, then 'declined'). */
export const isPending = sql<boolean>`confirmed = 0 AND status <> 'declined'`;

/**
 * The invitations still waiting for an answer while answers are accepted (newest first); none
 * once the deadline has passed (a reminder would ask for what the site refuses).
 */
export async function pendingInvitations(now: Date = new Date()): Promise<Invitation[]> {
  if (!isRsvpOpen((await weddingDates()).rsvpDeadline, now)) return [];
  return invitationsWhere(() => isPending);
}

export type RecordReminderError = "notFound" | "notPending";

/**
 * Records one reminder sent or copied for a pending invitation: reminded_at = now, one more in
 * reminder_count, in one UPDATE (two at once both count). An answered or missing invitation is
 * not changed. `executor`: the caller's transaction, when the reminder is queued with it (an e-mail).
 */
export async function recordReminder(
  invitationId: number,
  now: Date = new Date(),
  executor: Kysely<Database> | Transaction<Database> = db(),
): Promise<{ ok: true; remindedAt: string; reminderCount: number } | { ok: false; error: RecordReminderError }> {
  const updated = await remindersRecorded(executor, [invitationId], now).returning(["reminder_count"]).executeTakeFirst();
  if (updated) return { ok: true, remindedAt: now.toISOString(), reminderCount: Number(updated.reminder_count) };
  const exists = await executor.selectFrom("invitations").select("id").where("id", "=", invitationId).executeTakeFirst();
  return { ok: false, error: exists ? "notPending" : "notFound" };
}

/**
 * One more reminder, now, for each of these invitations that is still pending: the one place
 * reminded_at and reminder_count are written (WhatsApp, a copied message, an e-mail queued).
 */
export function remindersRecorded(executor: Kysely<Database> | Transaction<Database>, ids: readonly number[], now: Date) {
  return executor
    .updateTable("invitations")
    .set((eb) => ({ reminded_at: now.toISOString(), reminder_count: eb("reminder_count", "+", 1) }))
    .where("id", "in", ids)
    .where(() => isPending);
}
