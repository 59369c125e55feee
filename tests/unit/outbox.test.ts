import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { confirmInvitation, createInvitation, declineInvitation } from "~/models/invitations.server";
import { nextDigestAt } from "~/models/notifications.server";
import {
  CLAIM_MS,
  MAX_TRIES,
  RETRY_BACKOFF_MS,
  claimNext,
  enqueue,
  finishClaim,
  listOutbox,
  setRetryBackoffForTests,
  suppressEmail,
  type NewOutboxMessage,
} from "~/models/outbox.server";
import { useTestDatabase } from "./helpers/test-db";

/** The durable outbox's rules (decision 0030), on the test's database (SQLite, or PostgreSQL with TEST_DATABASE=postgres). */

const email = (recipient: string, payload: unknown = {}): NewOutboxMessage => ({ kind: "answer", channel: "email", recipient, language: "es", payload });
const webhook = (payload: unknown = {}): NewOutboxMessage => ({
  kind: "answer",
  channel: "webhook",
  recipient: "https://hooks.example.com/secret-path",
  language: "es",
  payload,
});

async function rows() {
  return db().selectFrom("outbox").selectAll().orderBy("id").execute();
}

afterEach(() => setRetryBackoffForTests(undefined));

describe("the outbox", () => {
  useTestDatabase();

  it("gives each queued message to one sender once, even to many senders at once", async () => {
    await enqueue(Array.from({ length: 5 }, (_, i) => email(`guest${i}@example.com`)));
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 10 }, () => claimNext(100, now)));
    const claimed = results.flatMap((r) => (r.claim ? r.claim.messages.map((m) => m.id) : []));
    expect(claimed.sort()).toEqual((await rows()).map((r) => r.id).sort());
    expect(new Set(claimed).size).toBe(5);
    expect((await claimNext(100, now)).claim).toBeNull();
  });

  it("marks a sent message sent and never gives it out again", async () => {
    await enqueue([email("ana@example.com", { n: 1 })]);
    const { claim } = await claimNext(20);
    expect(claim?.messages).toEqual([expect.objectContaining({ recipient: "ana@example.com", payload: { n: 1 }, tries: 1 })]);
    await finishClaim(claim!, { ok: true });
    expect(await rows()).toEqual([expect.objectContaining({ state: "sent", tries: 1, reason: null })]);
    expect(await claimNext(20, Date.now() + CLAIM_MS * 10)).toEqual({ claim: null, nextAt: null });
  });

  it("tries a failing message three times with growing waits, then marks it failed with the reason", async () => {
    await enqueue([email("ana@example.com")]);
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
      const result = await claimNext(20, now);
      expect(result.claim?.messages[0].tries).toBe(attempt);
      await finishClaim(result.claim!, { ok: false, reason: `Connection refused #${attempt}` }, now);
      const [row] = await rows();
      if (attempt < MAX_TRIES) {
        expect(row).toMatchObject({ state: "queued", reason: `Connection refused #${attempt}` });
        expect(Number(row.next_attempt_at)).toBe(now + RETRY_BACKOFF_MS[attempt - 1]);
        // Not before its wait is over.
        expect((await claimNext(20, now + RETRY_BACKOFF_MS[attempt - 1] - 1)).claim).toBeNull();
        now += RETRY_BACKOFF_MS[attempt - 1];
      } else {
        expect(row).toMatchObject({ state: "failed", reason: `Connection refused #${MAX_TRIES}`, tries: MAX_TRIES });
      }
    }
    expect((await claimNext(20, now + 3_600_000)).claim).toBeNull();
    expect((await listOutbox())[0]).toMatchObject({ state: "failed", reason: "Connection refused #3", tries: 3, nextAttemptAt: null });
  });

  it("leaves a message claimed by a sender that died to another once the claim expires, and ignores the dead sender's late word", async () => {
    await enqueue([email("ana@example.com")]);
    const now = Date.now();
    const dead = (await claimNext(20, now)).claim!;
    // Until the claim expires nobody else takes it, and the next look is when it expires.
    expect(await claimNext(20, now + CLAIM_MS - 1)).toEqual({ claim: null, nextAt: now + CLAIM_MS });
    const next = (await claimNext(20, now + CLAIM_MS)).claim!;
    expect(next.messages[0]).toMatchObject({ id: dead.messages[0].id, tries: 2 });
    await finishClaim(dead, { ok: false, reason: "too late" }, now + CLAIM_MS + 1);
    await finishClaim(next, { ok: true }, now + CLAIM_MS + 2);
    expect(await rows()).toEqual([expect.objectContaining({ state: "sent", reason: null })]);
  });

  it("sends at most MAIL_RATE_PER_MINUTE e-mails a minute for the whole server, webhooks meanwhile", async () => {
    await enqueue([...Array.from({ length: 5 }, (_, i) => email(`g${i}@example.com`)), webhook()]);
    const now = Date.now();
    const taken: string[] = [];
    for (let i = 0; i < 3; i++) taken.push((await claimNext(3, now + i)).claim!.messages[0].channel);
    expect(taken).toEqual(["email", "email", "email"]);
    // The rate is reached: the webhook still goes, the e-mails wait until the first of the minute's tries is a minute old.
    expect((await claimNext(3, now + 10)).claim?.messages[0].channel).toBe("webhook");
    expect(await claimNext(3, now + 20)).toEqual({ claim: null, nextAt: now + 60_000 });
    expect((await claimNext(3, now + 60_001)).claim?.messages[0].channel).toBe("email");
  });

  it("fails the queued messages of an address that asked not to be e-mailed, now and later", async () => {
    await enqueue([email("Ana@Example.com"), email("luis@example.com")]);
    await suppressEmail("ana@example.com");
    await suppressEmail("ANA@example.com"); // twice changes nothing
    await enqueue([email("ana@example.com")]);
    const { claim } = await claimNext(20);
    expect(claim?.messages.map((m) => m.recipient)).toEqual(["luis@example.com"]);
    expect((await claimNext(20)).claim).toBeNull();
    expect((await rows()).map((r) => [r.recipient, r.state, r.reason])).toEqual([
      ["ana@example.com", "failed", "unsubscribed"],
      ["luis@example.com", "queued", null],
      ["ana@example.com", "failed", "unsubscribed"],
    ]);
  });

  it("lists the newest first, a webhook by its origin only (its path is often its secret)", async () => {
    await enqueue([email("ana@example.com"), webhook()]);
    const list = await listOutbox();
    expect(list.map((m) => [m.channel, m.recipient, m.state, m.tries])).toEqual([
      ["webhook", "https://hooks.example.com", "queued", 0],
      ["email", "ana@example.com", "queued", 0],
    ]);
    expect(await listOutbox({ state: "sent" })).toEqual([]);
    expect(await listOutbox({ limit: 1 })).toHaveLength(1);
  });

  it("puts a digest's answers to one recipient in one claim", async () => {
    const digest = (n: number): NewOutboxMessage => ({ ...email("novios@example.com", { n }), kind: "answer-digest", dueAt: Date.now() - 1 });
    await enqueue([digest(1), digest(2), email("otra@example.com"), digest(3)]);
    const first = (await claimNext(20)).claim!;
    expect(first.messages.map((m) => m.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await finishClaim(first, { ok: true });
    expect((await rows()).map((r) => r.state)).toEqual(["sent", "sent", "queued", "sent"]);
  });
});

describe("the couple told of each answer: what an answer enqueues", () => {
  useTestDatabase({
    RSVP_DEADLINE: "2099-12-31T23:59:59-05:00",
    SMTP_URL: "smtp://127.0.0.1:2525",
    MAIL_FROM: "Boda <boda@example.com>",
    PUBLIC_URL: "https://boda.example.com",
    NOTIFY_EMAIL: "novia@example.com, Novio@Example.com",
    NOTIFY_URL: "https://ntfy.example.com/boda",
  });

  it("a confirmation and a decline each enqueue one message per address and one webhook call, in the answer's transaction", async () => {
    const yes = await createInvitation({ primaryGuest: "Ana Pérez", maxGuests: 2 });
    const no = await createInvitation({ primaryGuest: "Luis Soto", maxGuests: 1 });
    if (!yes.ok || !no.ok) throw new Error("setup");
    await confirmInvitation(yes.invitation.code, [{ fullName: "Eva", dietary: "vegana" }], new Date(), { message: "¡Felicidades!" });
    await declineInvitation(no.invitation.code);
    const list = await rows();
    expect(list.map((r) => [r.channel, r.recipient, r.kind])).toEqual([
      ["email", "novia@example.com", "answer"],
      ["email", "novio@example.com", "answer"],
      ["webhook", "https://ntfy.example.com/boda", "answer"],
      ["email", "novia@example.com", "answer"],
      ["email", "novio@example.com", "answer"],
      ["webhook", "https://ntfy.example.com/boda", "answer"],
    ]);
    expect(JSON.parse(list[0].payload)).toMatchObject({
      code: yes.invitation.code,
      primaryGuest: "Ana Pérez",
      status: "confirmed",
      guests: [
        { fullName: "Ana Pérez", dietary: null },
        { fullName: "Eva", dietary: "vegana" },
      ],
      message: "¡Felicidades!",
    });
    expect(JSON.parse(list[3].payload)).toMatchObject({ primaryGuest: "Luis Soto", status: "declined", guests: [] });
  });

  it("a refused or repeated answer enqueues nothing", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 1 });
    if (!created.ok) throw new Error("setup");
    await confirmInvitation(created.invitation.code, ["Intruso"]); // too many guests: refused
    expect(await rows()).toEqual([]);
    await confirmInvitation(created.invitation.code, []);
    await confirmInvitation(created.invitation.code, []); // the same "yes" again
    await declineInvitation(created.invitation.code); // refused: already confirmed
    expect(await rows()).toHaveLength(3);
  });
});

describe("the couple told of each answer: nothing configured", () => {
  useTestDatabase({ RSVP_DEADLINE: "2099-12-31T23:59:59-05:00" });

  it("an answer enqueues nothing and succeeds", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 1 });
    if (!created.ok) throw new Error("setup");
    expect((await confirmInvitation(created.invitation.code, [])).ok).toBe(true);
    expect(await rows()).toEqual([]);
  });
});

describe("the couple told of each answer: NOTIFY_DIGEST=daily", () => {
  useTestDatabase({ RSVP_DEADLINE: "2099-12-31T23:59:59-05:00", NOTIFY_URL: "https://hooks.example.com/x", NOTIFY_DIGEST: "daily" });

  it("holds each answer for the day's digest at 20:00 at the venue", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 1 });
    if (!created.ok) throw new Error("setup");
    const before = Date.now();
    await confirmInvitation(created.invitation.code, []);
    const [row] = await rows();
    expect(row).toMatchObject({ kind: "answer-digest", channel: "webhook" });
    const due = Number(row.next_attempt_at);
    expect(due).toBe(nextDigestAt(new Date(before), "America/Panama"));
    expect((await claimNext(20, due - 1)).claim).toBeNull();
    expect((await claimNext(20, due)).claim).not.toBeNull();
  });

  it("the digest's time is the next 20:00 in Panamá (UTC-5)", () => {
    expect(new Date(nextDigestAt(new Date("2026-01-10T12:00:00Z"), "America/Panama")).toISOString()).toBe("2026-01-11T01:00:00.000Z");
    expect(new Date(nextDigestAt(new Date("2026-01-11T01:00:00Z"), "America/Panama")).toISOString()).toBe("2026-01-12T01:00:00.000Z");
    expect(new Date(nextDigestAt(new Date("2026-01-11T03:00:00Z"), "America/Panama")).toISOString()).toBe("2026-01-12T01:00:00.000Z");
  });
});
