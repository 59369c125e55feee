import crypto from "node:crypto";
import { config } from "~/infra/config.server";
import { emailEnabled, mailDomain, sendEmail } from "~/infra/mail.server";
import { postWebhook } from "~/infra/webhook.server";
import { composeGuestEmail, GUEST_EMAIL_KINDS, staleGuestEmail, type GuestEmailKind, type GuestEmailPayload } from "~/models/invitation-emails.server";
import { answerWebhookBody, composeAnswerEmail, type AnswerNotice } from "~/models/notifications.server";
import { claimNext, finishClaim, onEnqueued, type Claim } from "~/models/outbox.server";

/**
 * The outbox's background sender (docs/decisions/0030-outbox.md). Every worker (or the single
 * process) runs one after boot: it claims a due message, sends it, records the outcome, and goes
 * on while there is work; idle, it looks again after a wait that grows to IDLE_MAX_MS (one
 * indexed query), and an enqueue in this process wakes it once committed (onEnqueued). SIGTERM stops it between sends.
 */
const SOONEST_MS = 200;
const IDLE_MIN_MS = 2_000;
const IDLE_MAX_MS = 30_000;

/** A Message-ID the same on every try of a row, unique across databases (a new database reuses ids). */
export function messageIdOf(claim: Claim): string {
  const first = claim.messages[0];
  const hash = crypto
    .createHash("sha256")
    .update(`${first.id}\u0000${first.recipient}\u0000${JSON.stringify(first.payload)}`)
    .digest("hex")
    .slice(0, 20);
  return `<outbox-${first.id}.${hash}@${mailDomain()}>`;
}

/** Composes and sends one claim; throws the failure's reason. */
async function deliver(claim: Claim, now: Date): Promise<void> {
  const first = claim.messages[0];
  if (claim.messages.some((m) => typeof m.payload !== "object" || m.payload === null)) throw new UnsendableError("unreadable message");
  if (GUEST_EMAIL_KINDS.includes(first.kind as GuestEmailKind)) return deliverGuestEmail(claim, first.kind as GuestEmailKind, now);
  if (first.kind !== "answer" && first.kind !== "answer-digest") throw new UnsendableError(`unknown kind ${first.kind}`);
  const notices = claim.messages.map((m) => m.payload as AnswerNotice);
  if (first.channel === "email") {
    if (!emailEnabled()) throw new UnsendableError("e-mail is not configured (SMTP_URL)");
    const composed = await composeAnswerEmail(notices, first.kind, first.language, first.recipient);
    await sendEmail({ to: first.recipient, ...composed, messageId: messageIdOf(claim), language: first.language });
  } else {
    await postWebhook(first.recipient, await answerWebhookBody(notices, first.kind, first.language), messageIdOf(claim));
  }
}

/** A guest's invitation or reminder (app/models/invitation-emails.server.ts): never when it no longer makes sense. */
async function deliverGuestEmail(claim: Claim, kind: GuestEmailKind, now: Date): Promise<void> {
  const message = claim.messages[0];
  if (message.channel !== "email") throw new UnsendableError(`${kind} is an e-mail`);
  if (!emailEnabled()) throw new UnsendableError("e-mail is not configured (SMTP_URL)");
  const payload = message.payload as GuestEmailPayload;
  const stale = await staleGuestEmail(kind, payload, now);
  if (stale) throw new UnsendableError(stale);
  const composed = await composeGuestEmail(kind, payload, message.language, message.recipient);
  await sendEmail({ to: message.recipient, ...composed, messageId: messageIdOf(claim), language: message.language });
}

/** A message that no retry can send (the configuration changed under it). */
class UnsendableError extends Error {}

/**
 * Sends what is due now, one claim after another, until nothing is due or `stopping()` says so.
 * Returns when to look again (epoch ms), or null when nothing is queued.
 */
export async function sendDue(stopping: () => boolean = () => false, clock: () => number = Date.now): Promise<number | null> {
  for (;;) {
    if (stopping()) return clock();
    const result = await claimNext(config().MAIL_RATE_PER_MINUTE, clock());
    if (!result.claim) return result.nextAt;
    try {
      await deliver(result.claim, new Date(clock()));
      await finishClaim(result.claim, { ok: true }, clock());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await finishClaim(result.claim, { ok: false, reason, retryable: !(error instanceof UnsendableError) }, clock());
    }
  }
}

let running: { stop: () => Promise<void>; wake: () => void } | undefined;
const onStopSignal = () => void stopSender();

/** Whether this site sends anything at all (e-mail or a webhook): without either, no sender runs. */
export function senderWanted(): boolean {
  return emailEnabled() || Boolean(config().NOTIFY_URL);
}

/** Starts this process's sender (once); its timers never keep the process alive. */
export function startSender(log: (line: string) => void = console.error): void {
  if (running || !senderWanted()) return;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let idle = IDLE_MIN_MS;
  let loop: Promise<void> = Promise.resolve();
  let wakeSoon = false;
  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, delay));
    timer.unref();
  };
  const run = () => {
    loop = loop.then(async () => {
      if (stopped) return;
      wakeSoon = false;
      try {
        const nextAt = await sendDue(() => stopped);
        if (stopped) return;
        if (nextAt === null) {
          idle = Math.min(idle * 2, IDLE_MAX_MS);
          schedule(wakeSoon ? 0 : idle);
        } else {
          idle = IDLE_MIN_MS;
          schedule(wakeSoon ? 0 : Math.min(Math.max(nextAt - Date.now(), SOONEST_MS), IDLE_MAX_MS));
        }
      } catch (error) {
        // The database is away (a restart, a failover): try again later, never crash the worker.
        log(`Outbox sender: ${error instanceof Error ? error.message : String(error)}`);
        schedule(IDLE_MAX_MS);
      }
    });
  };
  running = {
    wake: () => {
      wakeSoon = true;
      idle = IDLE_MIN_MS;
      schedule(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await loop;
    },
  };
  onEnqueued(() => running?.wake());
  // No new claim once the server is told to stop (server/main.mjs then closes and exits): a send
  // cut by the exit leaves its row claimed, and another sender takes it when the claim expires.
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, onStopSignal);
  schedule(0);
}

/** Stops this process's sender after the send under way (SIGTERM); a claimed row it held expires for another. */
export async function stopSender(): Promise<void> {
  const current = running;
  running = undefined;
  onEnqueued(undefined);
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.off(signal, onStopSignal);
  await current?.stop();
}
