import { httpSink, smtpSink } from "../helpers/mail-sinks";
import { freePort } from "../helpers/free-port";
import { expect, startServer, TestData, test } from "./fixtures";

/**
 * The outbox (decision 0030) through a restart. Two workers send the couple's notifications of a burst of
 * confirmations to a real SMTP server and a webhook; the server is killed (SIGKILL) mid-queue and
 * started again on the same database. Every answer acknowledged before the kill has its e-mail and
 * its webhook call, sent after the restart if not before; none is sent twice; a message a dead
 * sender held stays queued for its claim to expire (tests/unit/outbox-delivery.test.ts sends it).
 * Process-level, so it runs once (JavaScript project).
 */
test.describe("the outbox through kill -9 @js-only", () => {
  test("no acknowledged answer's notification is lost or sent twice", async () => {
    test.setTimeout(120_000);
    const smtpPort = await freePort();
    const hookPort = await freePort();
    const smtp = smtpSink(smtpPort, { acceptAfterMs: 100 });
    const hook = httpSink(hookPort);
    await Promise.all([smtp.start(), hook.start()]);
    const env = {
      WEB_CONCURRENCY: "2",
      RATE_LIMIT_CODE_ATTEMPTS: "100000",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Boda <boda@example.com>",
      PUBLIC_URL: "https://boda.example.com",
      MAIL_RATE_PER_MINUTE: "1000",
      NOTIFY_EMAIL: "novios@example.com",
      NOTIFY_URL: `http://127.0.0.1:${hookPort}/hook`,
    };
    const server = await startServer(env);
    const databasePath = `${server.dataDir}/wedding.sqlite`;
    const data = new TestData(server);
    const invitations: { code: string; primaryGuest: string }[] = [];
    for (let i = 0; i < 150; i++) invitations.push(await data.createInvitation({ primaryGuest: `Outbox ${i}`, maxGuests: 1 }));
    data.close();

    const acknowledged: string[] = [];
    const confirmOne = async (code: string, name: string) => {
      try {
        const res = await fetch(`${server.baseURL}/api/invitations/${code}/confirm`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ guests: [{ fullName: name }] }),
        });
        if (res.status === 200) acknowledged.push(name);
      } catch {
        // the connection died with the server: not answered
      }
    };
    // One answer after another, so some are answered and sent, some answered and queued, some not answered.
    const burst = (async () => {
      for (const inv of invitations) await confirmOne(inv.code, inv.primaryGuest);
    })();
    for (let waited = 0; (acknowledged.length < 30 || smtp.received.length < 2) && waited < 60_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    server.kill("SIGKILL");
    await burst;
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    expect(acknowledged.length).toBeLessThan(invitations.length); // the kill did land mid-burst

    // What the dead senders held: claimed, not yet marked sent (the outbox's own state, read only).
    const atKill = new TestData({ ...server, databasePath });
    const held = atKill
      .readDatabase<{ id: number; payload: string; channel: string }>(
        "SELECT id, payload, channel FROM outbox WHERE state = 'queued' AND claimed_until IS NOT NULL",
      )
      .map((r) => ({ id: r.id, channel: r.channel, name: (JSON.parse(r.payload) as { primaryGuest: string }).primaryGuest }));
    atKill.close();

    const restarted = await startServer({ ...env, DATABASE_PATH: databasePath });
    const check = new TestData({ ...restarted, databasePath });
    try {
      const stillQueued = () => check.readDatabase<{ id: number }>("SELECT id FROM outbox WHERE state = 'queued'").map((r) => r.id);
      const heldIds = held.map((h) => h.id);
      for (let waited = 0; stillQueued().some((id) => !heldIds.includes(id)) && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      // Only what the dead senders held is still queued (a worker that outlived the primary by a moment may have finished one).
      expect(stillQueued().filter((id) => !heldIds.includes(id))).toEqual([]);
      expect(check.readDatabase("SELECT id FROM outbox WHERE state = 'failed'")).toEqual([]);

      // A sender dies holding at most one message; two workers, so at most two.
      expect(held.length).toBeLessThanOrEqual(2);
      const mailed = smtp.received.map((m) => /^(Outbox \d+) confirmó/.exec(m.subject)?.[1]);
      const called = hook.received.map((c) => (c.body as { answers: { primaryGuest: string }[] }).answers[0].primaryGuest);
      for (const name of acknowledged) {
        expect(mailed.includes(name) || held.some((h) => h.channel === "email" && h.name === name), `e-mail for ${name}`).toBe(true);
        expect(called.includes(name) || held.some((h) => h.channel === "webhook" && h.name === name), `webhook for ${name}`).toBe(true);
      }
      // Once each: no name mailed twice, no Message-ID seen twice, no webhook called twice.
      expect(new Set(mailed).size).toBe(mailed.length);
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(smtp.received.length);
      expect(new Set(called).size).toBe(called.length);
      // Nothing was sent for an answer that was never recorded.
      const recorded = check.readDatabase<{ primary_guest: string }>("SELECT primary_guest FROM invitations WHERE confirmed = 1").map((r) => r.primary_guest);
      for (const name of [...mailed, ...called]) expect(recorded).toContain(name);
    } finally {
      check.close();
      await restarted.stop();
      await server.stop();
      await Promise.all([smtp.stop(), hook.stop()]);
    }
  });
});
