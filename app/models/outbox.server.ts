import { sql, type Kysely, type Transaction } from "kysely";
import { db } from "~/infra/db.server";
import type { Database, OutboxTable } from "~/infra/db-schema";
import type { Language } from "~/lib/constants";
import { normalizeEmail } from "~/lib/email";

/**
 * The durable outbox (docs/decisions/0030-outbox.md): every e-mail and webhook call is first a
 * row, written in the transaction that caused it, so an acknowledged answer always has its
 * message. A sender (app/models/outbox-sender.server.ts) claims due rows one batch at a time in a
 * transaction (the database's one write lock on both engines, decision 0018), so two workers or
 * two instances never take the same row; a claim expires, so a sender that died mid-send leaves
 * the row to another. The e-mail rate is counted here, in the database, for the whole server.
 */

export type OutboxChannel = OutboxTable["channel"];
export type OutboxState = "queued" | "sent" | "failed";

/** A message is tried this many times, then marked failed with the last reason. */
export const MAX_TRIES = 3;
/** Waits before the second and third tries: a provider's hiccup passes, a restart finishes. */
export const RETRY_BACKOFF_MS = [60_000, 5 * 60_000] as const;
/**
 * A sender holds claimed rows this long; it must outlast the longest send: 40 s for an e-mail (the
 * timeouts in mail.server.ts), 10 s for a webhook (webhook.server.ts).
 */
export const CLAIM_MS = 2 * 60_000;
const RATE_WINDOW_MS = 60_000;
/** Kinds whose due rows to one recipient go out together as one message (the daily digest). */
const BATCHED_KINDS = new Set(["answer-digest"]);
/** One digest never lists more answers than this (the rest go in the next one). */
const MAX_BATCH = 200;

export interface NewOutboxMessage {
  kind: string;
  channel: OutboxChannel;
  recipient: string;
  language: Language;
  payload: unknown;
  /** Not before this instant (epoch ms): now when unset. */
  dueAt?: number;
}

type Writer = Kysely<Database> | Transaction<Database>;

declare const outboxWriter: unique symbol;
/**
 * A transaction begun by outboxTransaction(): the only kind enqueue() writes in, so whatever a
 * transaction queues wakes the sender once it has committed.
 */
export type OutboxTransaction = Transaction<Database> & { readonly [outboxWriter]: true };

let enqueued: (() => void) | undefined;
/** The transactions that queued something: the sender is woken when each commits. */
const queuedIn = new WeakSet<Transaction<Database>>();

/**
 * The sender of this process (app/models/outbox-sender.server.ts) asks to be woken by an enqueue,
 * once the rows are committed: woken earlier, its first look (a plain read, no lock) would not see
 * them yet and it would sleep its idle period (up to 30 s) with a notice waiting.
 */
export function onEnqueued(listener: (() => void) | undefined) {
  enqueued = listener;
}

/**
 * Runs `work` in a transaction in which enqueue() may write; after the commit, the sender is woken
 * if the transaction queued anything (a rollback queues nothing and wakes nothing).
 */
export async function outboxTransaction<T>(work: (trx: OutboxTransaction) => Promise<T>): Promise<T> {
  let transaction: Transaction<Database> | undefined;
  const result = await db()
    .transaction()
    .execute((trx) => {
      transaction = trx;
      return work(trx as OutboxTransaction);
    });
  if (transaction && queuedIn.has(transaction)) enqueued?.();
  return result;
}

/** Adds messages to the outbox: at once, or in the caller's transaction (the sender woken when it commits). */
export async function enqueue(messages: readonly NewOutboxMessage[], writer: Kysely<Database> | OutboxTransaction = db()): Promise<void> {
  if (messages.length === 0) return;
  const now = Date.now();
  await writer
    .insertInto("outbox")
    .values(
      messages.map((m) => ({
        kind: m.kind,
        channel: m.channel,
        recipient: m.channel === "email" ? normalizeEmail(m.recipient) : m.recipient,
        language: m.language,
        payload: JSON.stringify(m.payload),
        next_attempt_at: m.dueAt ?? now,
      })),
    )
    .execute();
  if (writer.isTransaction) queuedIn.add(writer as Transaction<Database>);
  else enqueued?.();
}

export interface ClaimedMessage {
  id: number;
  kind: string;
  channel: OutboxChannel;
  recipient: string;
  language: Language;
  payload: unknown;
  tries: number;
}

/** What a sender holds: one message, or a digest's several for one recipient, until `claimedUntil`. */
export interface Claim {
  messages: ClaimedMessage[];
  claimedUntil: number;
}

export type ClaimResult =
  { claim: Claim } | { claim: null; /** When to look again at the earliest (epoch ms), or null when nothing is queued. */ nextAt: number | null };

/** A payload this file wrote; anything unreadable becomes null, which fails to send (and ends failed) rather than stopping the queue. */
function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Queued rows due by `now` that no live claim holds. */
function claimable(trx: Writer, now: number) {
  return trx
    .selectFrom("outbox")
    .select(["id", "kind", "channel", "recipient", "language", "payload", "tries"])
    .where("state", "=", "queued")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]));
}

/** An address asked not to be e-mailed: its queued e-mails will not go. */
async function failQueuedTo(address: string, trx: Transaction<Database>) {
  await trx
    .updateTable("outbox")
    .set({ state: "failed", reason: "unsubscribed", claimed_until: null })
    .where("channel", "=", "email")
    .where("recipient", "=", address)
    .where("state", "=", "queued")
    .execute();
}

/**
 * Takes the next due message (or digest batch) for this sender, in one transaction: rows of
 * addresses that asked not to be e-mailed are failed on the way, and no e-mail is taken while
 * `ratePerMinute` e-mails were tried in the last minute by any sender.
 */
export async function claimNext(ratePerMinute: number, now = Date.now()): Promise<ClaimResult> {
  // Idle, a sender only reads (one indexed query, no write lock): the claim's transaction is for when something is due.
  const due = await claimable(db(), now).select("id").limit(1).executeTakeFirst();
  if (!due) return { claim: null, nextAt: await nextDueAt(db(), now, null) };
  return db()
    .transaction()
    .execute(async (trx) => {
      const recentEmails = await trx
        .selectFrom("outbox")
        .select([(eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.min("attempted_at").as("oldest")])
        .where("channel", "=", "email")
        .where("attempted_at", ">", now - RATE_WINDOW_MS)
        .executeTakeFirstOrThrow();
      const emailAllowed = Number(recentEmails.n) < ratePerMinute;
      for (;;) {
        let query = claimable(trx, now);
        if (!emailAllowed) query = query.where("channel", "<>", "email");
        const row = await query.orderBy("next_attempt_at").orderBy("id").limit(1).executeTakeFirst();
        if (!row) {
          const rateFreesAt = emailAllowed ? null : Number(recentEmails.oldest) + RATE_WINDOW_MS;
          return { claim: null, nextAt: await nextDueAt(trx, now, rateFreesAt) };
        }
        if (row.channel === "email" && (await isSuppressed(row.recipient, trx))) {
          await failQueuedTo(row.recipient, trx);
          continue;
        }
        const rows = BATCHED_KINDS.has(row.kind)
          ? await claimable(trx, now)
              .where("kind", "=", row.kind)
              .where("channel", "=", row.channel)
              .where("recipient", "=", row.recipient)
              .orderBy("id")
              .limit(MAX_BATCH)
              .execute()
          : [row];
        const claimedUntil = now + CLAIM_MS;
        await trx
          .updateTable("outbox")
          .set({ claimed_until: claimedUntil, attempted_at: now, tries: sql<number>`tries + 1` })
          .where(
            "id",
            "in",
            rows.map((r) => r.id),
          )
          .execute();
        return {
          claim: {
            claimedUntil,
            messages: rows.map((r) => ({
              id: r.id,
              kind: r.kind,
              channel: r.channel,
              recipient: r.recipient,
              language: r.language,
              payload: parsePayload(r.payload),
              tries: r.tries + 1,
            })),
          },
        };
      }
    });
}

/**
 * The earliest instant something queued may be taken: an unclaimed row's due time (an e-mail's not
 * before the rate frees), a claim's expiry. Null when nothing is queued.
 */
async function nextDueAt(trx: Writer, now: number, rateFreesAt: number | null): Promise<number | null> {
  const unclaimed = await trx
    .selectFrom("outbox")
    .select(["channel", (eb) => eb.fn.min("next_attempt_at").as("at")])
    .where("state", "=", "queued")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .groupBy("channel")
    .execute();
  const claimed = await trx
    .selectFrom("outbox")
    .select((eb) => eb.fn.min("claimed_until").as("at"))
    .where("state", "=", "queued")
    .where("claimed_until", ">", now)
    .executeTakeFirstOrThrow();
  const candidates = unclaimed.map((r) => (r.channel === "email" && rateFreesAt !== null ? Math.max(Number(r.at), rateFreesAt) : Number(r.at)));
  if (claimed.at !== null) candidates.push(Number(claimed.at));
  return candidates.length ? Math.max(now, Math.min(...candidates)) : null;
}

/**
 * Records a claim's outcome: sent, or the failure's reason (queued again with a backoff until the
 * last try, then failed). Only while the claim is still this sender's: one that outlived its claim
 * leaves the row to whoever took it since.
 */
export async function finishClaim(claim: Claim, outcome: { ok: true } | { ok: false; reason: string; retryable?: boolean }, now = Date.now()): Promise<void> {
  const ids = claim.messages.map((m) => m.id);
  if (outcome.ok) {
    await db()
      .updateTable("outbox")
      .set({ state: "sent", sent_at: new Date(now).toISOString(), reason: null, claimed_until: null })
      .where("id", "in", ids)
      .where("claimed_until", "=", claim.claimedUntil)
      .execute();
    return;
  }
  const reason = outcome.reason.slice(0, 500);
  const tries = claim.messages[0].tries;
  if (outcome.retryable === false || tries >= MAX_TRIES) {
    await db()
      .updateTable("outbox")
      .set({ state: "failed", reason, claimed_until: null })
      .where("id", "in", ids)
      .where("claimed_until", "=", claim.claimedUntil)
      .execute();
    return;
  }
  await db()
    .updateTable("outbox")
    .set({ reason, claimed_until: null, next_attempt_at: now + backoffAfter(tries) })
    .where("id", "in", ids)
    .where("claimed_until", "=", claim.claimedUntil)
    .execute();
}

let backoffForTests: readonly number[] | undefined;
function backoffAfter(tries: number): number {
  const table = backoffForTests ?? RETRY_BACKOFF_MS;
  return table[Math.min(tries - 1, table.length - 1)];
}

/** Tests wait milliseconds, not minutes, between tries. */
export function setRetryBackoffForTests(table: readonly number[] | undefined) {
  backoffForTests = table;
}

/* ---------- Addresses that asked not to be e-mailed ---------- */

export async function isSuppressed(email: string, reader: Writer = db()): Promise<boolean> {
  const row = await reader.selectFrom("suppressed_emails").select("email").where("email", "=", normalizeEmail(email)).executeTakeFirst();
  return Boolean(row);
}

/**
 * 'Ya no quiero recibir correos': no later e-mail goes to this address; its queued ones fail with
 * the reason "unsubscribed". Asking twice changes nothing.
 */
export async function suppressEmail(email: string): Promise<void> {
  const address = normalizeEmail(email);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("suppressed_emails")
        .values({ email: address })
        .onConflict((oc) => oc.column("email").doNothing())
        .execute();
      await failQueuedTo(address, trx);
    });
}

/* ---------- The admin's view ---------- */

export interface OutboxEntry {
  id: number;
  kind: string;
  channel: OutboxChannel;
  /** The address, or for a webhook its origin only (its path often holds a secret). */
  recipient: string;
  language: Language;
  state: OutboxState;
  /** Why it failed, or why the last try failed while it waits for the next. */
  reason: string | null;
  tries: number;
  createdAt: string;
  sentAt: string | null;
  /** When the next try may run (ISO), while queued. */
  nextAttemptAt: string | null;
}

function shownRecipient(channel: OutboxChannel, recipient: string): string {
  if (channel === "email") return recipient;
  try {
    return new URL(recipient).origin;
  } catch {
    return "";
  }
}

/** The newest messages first (at most `limit`), optionally of one state. */
export async function listOutbox(options: { state?: OutboxState; limit?: number } = {}): Promise<OutboxEntry[]> {
  let query = db()
    .selectFrom("outbox")
    .select(["id", "kind", "channel", "recipient", "language", "state", "reason", "tries", "created_at", "sent_at", "next_attempt_at"])
    .orderBy("id", "desc")
    .limit(Math.min(Math.max(options.limit ?? 100, 1), 500));
  if (options.state) query = query.where("state", "=", options.state);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    channel: r.channel,
    recipient: shownRecipient(r.channel, r.recipient),
    language: r.language,
    state: r.state,
    reason: r.reason,
    tries: r.tries,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    nextAttemptAt: r.state === "queued" ? new Date(Number(r.next_attempt_at)).toISOString() : null,
  }));
}
