import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { resetMailForTests } from "~/infra/mail.server";
import { sendDue, startSender, stopSender } from "~/models/outbox-sender.server";
import { readUnsubscribeToken } from "~/infra/unsubscribe-token.server";
import { handleUnsubscribe, loadUnsubscribePage } from "~/routes/unsubscribe.$token/unsubscribe.server";
import { confirmInvitation, createInvitation, declineInvitation } from "~/models/invitations.server";
import { CLAIM_MS, claimNext, enqueue, listOutbox, setRetryBackoffForTests } from "~/models/outbox.server";
import { freePort } from "../helpers/free-port";
import { httpSink, smtpSink } from "../helpers/mail-sinks";
import { useTestDatabase } from "./helpers/test-db";

/**
 * The outbox end to end (decision 0030): against a real SMTP server (smtp-server on 127.0.0.1) and a local HTTP sink,
 * a guest's answer reaches the couple by e-mail and webhook; the SMTP server down during a send: the
 * message arrives once after it is back; a sender that died mid-queue loses nothing and sends
 * nothing twice; the unsubscribe link stops further mail.
 */
const smtpPort = await freePort();
const hookPort = await freePort();
const smtp = smtpSink(smtpPort);
const hook = httpSink(hookPort);

beforeAll(() => hook.start());
afterAll(() => hook.stop());
beforeEach(async () => {
  smtp.received.length = 0;
  hook.received.length = 0;
  hook.answerWith(200);
  resetMailForTests();
  await smtp.start();
});
afterEach(async () => {
  await stopSender();
  setRetryBackoffForTests(undefined);
  resetMailForTests();
  await smtp.stop();
});

useTestDatabase({
  RSVP_DEADLINE: "2099-12-31T23:59:59-05:00",
  SMTP_URL: `smtp://user:secret@127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Valeria y Sebastián <boda@example.com>",
  PUBLIC_URL: "https://boda.example.com",
  NOTIFY_EMAIL: "novios@example.com",
  NOTIFY_URL: `http://127.0.0.1:${hookPort}/hooks/secret-topic`,
});

async function answeredInvitation(primaryGuest = "Ana <b>Pérez</b>") {
  const created = await createInvitation({ primaryGuest, maxGuests: 3 });
  if (!created.ok) throw new Error("setup");
  const answer = await confirmInvitation(
    created.invitation.code,
    [
      { fullName: "Luis Soto", dietary: "sin gluten" },
      { fullName: "Eva", dietary: null },
    ],
    new Date(),
    { primaryDietary: "vegana", message: "¡Felicidades! <3" },
  );
  if (!answer.ok) throw new Error("setup");
  return created.invitation;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the couple told of each answer, through a real SMTP server and a webhook", () => {
  it("a confirmation reaches the couple by e-mail (text and HTML, escaped) and by webhook", async () => {
    const invitation = await answeredInvitation();
    expect(await sendDue()).toBeNull();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(["novios@example.com"]);
    expect(mail.subject).toBe("Ana <b>Pérez</b> confirmó: 3 personas");
    expect(mail.header("from")).toMatch(/boda@example\.com/);
    expect(mail.messageId).toMatch(/^<outbox-\d+\.[0-9a-f]{20}@example\.com>$/);
    expect(mail.text).toContain(`Ana <b>Pérez</b> confirmó su asistencia (código ${invitation.code}).`);
    expect(mail.text).toContain("- Ana <b>Pérez</b> (restricción alimentaria: vegana)");
    expect(mail.text).toContain("- Luis Soto (restricción alimentaria: sin gluten)\n- Eva\n");
    expect(mail.text).toContain("Mensaje para los novios: ¡Felicidades! <3");
    // The HTML part shows the guests' texts, never runs them.
    expect(mail.html).toContain("Ana &lt;b&gt;Pérez&lt;/b&gt;");
    expect(mail.html).toContain("¡Felicidades! &lt;3");
    expect(mail.html).not.toContain("<b>Pérez");
    // The unsubscribe link, in the body and as List-Unsubscribe, names the recipient.
    const link = /Ya no quiero recibir correos: (https:\/\/boda\.example\.com\/unsubscribe\/(\S+))/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(readUnsubscribeToken(link![2])).toEqual({ email: "novios@example.com", language: "es" });
    expect(mail.header("list-unsubscribe")).toContain(link![1]);

    expect(hook.received).toHaveLength(1);
    const call = hook.received[0];
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.body).toMatchObject({
      event: "answer",
      answers: [
        {
          code: invitation.code,
          primaryGuest: "Ana <b>Pérez</b>",
          status: "confirmed",
          guests: [
            { fullName: "Ana <b>Pérez</b>", dietary: "vegana" },
            { fullName: "Luis Soto", dietary: "sin gluten" },
            { fullName: "Eva", dietary: null },
          ],
          message: "¡Felicidades! <3",
        },
      ],
    });
    expect((call.body as { text: string }).text).toContain("Ana <b>Pérez</b> confirmó: 3 personas");
    expect((await listOutbox()).map((m) => m.state)).toEqual(["sent", "sent"]);
  });

  it("a decline says so", async () => {
    const created = await createInvitation({ primaryGuest: "Luis Soto", maxGuests: 2 });
    if (!created.ok) throw new Error("setup");
    await declineInvitation(created.invitation.code);
    await sendDue();
    expect(smtp.received.map((m) => m.subject)).toEqual(["Luis Soto no podrá asistir"]);
    expect(hook.received[0].body).toMatchObject({ answers: [{ primaryGuest: "Luis Soto", status: "declined", guests: [] }] });
  });

  it("the SMTP server down during a send: the answer is kept, the e-mail is retried and arrives once when it is back", async () => {
    setRetryBackoffForTests([300, 300]);
    await smtp.stop();
    await answeredInvitation("Ana Pérez");
    const next = await sendDue();
    expect(smtp.received).toHaveLength(0);
    const waiting = (await listOutbox()).find((m) => m.channel === "email")!;
    expect(waiting).toMatchObject({ state: "queued", tries: 1 });
    expect(waiting.reason).toMatch(/ECONNREFUSED|connect/i);
    // The webhook did not wait for the e-mail.
    expect(hook.received).toHaveLength(1);
    expect(next).not.toBeNull();

    await smtp.start();
    await new Promise((r) => setTimeout(r, 350));
    await sendDue();
    await sendDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].subject).toBe("Ana Pérez confirmó: 3 personas");
    expect((await listOutbox()).find((m) => m.channel === "email")).toMatchObject({ state: "sent", tries: 2, reason: null });
    expect(hook.received).toHaveLength(1);
  });

  it("the webhook failing three times is marked failed with the reason; the e-mail is unaffected", async () => {
    setRetryBackoffForTests([0, 0]);
    hook.answerWith(503);
    await answeredInvitation("Ana Pérez");
    await sendDue();
    await sendDue();
    await sendDue();
    expect((await listOutbox()).map((m) => [m.channel, m.state, m.tries, m.reason])).toEqual([
      ["webhook", "failed", 3, "HTTP 503"],
      ["email", "sent", 1, null],
    ]);
    expect(smtp.received).toHaveLength(1);
  });

  it("a day's digest is one e-mail and one webhook call listing every answer held for it", async () => {
    const notice = (primaryGuest: string, status: "confirmed" | "declined") => ({
      code: "ABC234",
      primaryGuest,
      status,
      guests: status === "confirmed" ? [{ fullName: primaryGuest, dietary: null }] : [],
      message: null,
      answeredAt: "2026-01-10T15:00:00.000Z",
    });
    const held = (channel: "email" | "webhook", recipient: string) =>
      [notice("Ana Pérez", "confirmed"), notice("Luis Soto", "declined")].map((payload) => ({
        kind: "answer-digest",
        channel,
        recipient,
        language: "es" as const,
        payload,
        dueAt: Date.now() - 1,
      }));
    await enqueue([...held("email", "novios@example.com"), ...held("webhook", `http://127.0.0.1:${hookPort}/hooks/secret-topic`)]);
    await sendDue();
    expect(smtp.received.map((m) => m.subject)).toEqual(["Resumen del día: 2 respuestas"]);
    expect(smtp.received[0].text).toContain("Ana Pérez confirmó su asistencia (código ABC234).");
    expect(smtp.received[0].text).toContain("Luis Soto no podrá asistir (código ABC234).");
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0].body).toMatchObject({ event: "digest", answers: [{ primaryGuest: "Ana Pérez" }, { primaryGuest: "Luis Soto" }] });
    expect((await listOutbox()).every((m) => m.state === "sent")).toBe(true);
  });

  it("an unreadable message is failed at once and does not hold up the queue", async () => {
    await db().insertInto("outbox").values({ kind: "answer", channel: "email", recipient: "novios@example.com", payload: "{", next_attempt_at: 0 }).execute();
    await answeredInvitation("Ana Pérez");
    await sendDue();
    expect((await listOutbox()).map((m) => [m.channel, m.state, m.reason])).toEqual([
      ["webhook", "sent", null],
      ["email", "sent", null],
      ["email", "failed", "unreadable message"],
    ]);
    expect(smtp.received).toHaveLength(1);
  });

  it("a sender that died mid-queue (its claim held, nothing sent): after the restart every message goes out once", async () => {
    await answeredInvitation("Ana Pérez");
    await answeredInvitation("Luis Soto");
    // The first process claimed a message and died before sending it (kill -9): its row stays claimed.
    const dead = await claimNext(20);
    expect(dead.claim).not.toBeNull();
    // The restarted process sends everything else at once; the claimed row waits for its claim to expire.
    const nextAt = await sendDue();
    expect(nextAt).toBe(dead.claim!.claimedUntil);
    expect(smtp.received.length + hook.received.length).toBe(3);
    // Past the claim (the sender's clock moved on by CLAIM_MS), it is sent.
    await sendDue(undefined, () => Date.now() + CLAIM_MS + 1);
    expect(smtp.received.length + hook.received.length).toBe(4);
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await listOutbox()).every((m) => m.state === "sent")).toBe(true);
    expect(await sendDue()).toBeNull();
    expect(smtp.received.length + hook.received.length).toBe(4);
  });

  it("the background sender sends an answer's notification without being asked, and stops", async () => {
    startSender();
    await answeredInvitation("Ana Pérez");
    await until(() => smtp.received.length === 1 && hook.received.length === 1);
    await stopSender();
    await answeredInvitation("Luis Soto");
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(1);
  });

  it("the unsubscribe link: GET only asks, the button stops every later e-mail to that address", async () => {
    await answeredInvitation("Ana Pérez");
    await sendDue();
    const token = /\/unsubscribe\/(\S+)/.exec(smtp.received[0].text)![1];
    const page = await loadUnsubscribePage(token);
    expect(page.body).toMatchObject({ state: "ask", email: "novios@example.com", language: "es" });
    expect((await loadUnsubscribePage(token)).body.state).toBe("ask"); // opening the link changed nothing

    const post = new Request(`https://boda.example.com/unsubscribe/${token}`, { method: "POST", headers: { "Sec-Fetch-Site": "same-origin" } });
    const answer = await handleUnsubscribe(post, {} as never, token);
    expect(answer.status).toBe(303);
    expect((await loadUnsubscribePage(token)).body.state).toBe("done");

    await answeredInvitation("Luis Soto");
    await sendDue();
    expect(smtp.received).toHaveLength(1);
    expect(hook.received).toHaveLength(2);
    expect((await listOutbox())[1]).toMatchObject({ channel: "email", state: "failed", reason: "unsubscribed" });
  });

  it("a forged or altered unsubscribe token changes nothing", async () => {
    await answeredInvitation("Ana Pérez");
    await sendDue();
    const token = /\/unsubscribe\/(\S+)/.exec(smtp.received[0].text)![1];
    const [body, signature] = token.split(".");
    const forgedBody = Buffer.from(JSON.stringify({ e: "otra@example.com", l: "es" })).toString("base64url");
    for (const bad of [`${forgedBody}.${signature}`, `${body}.${signature.slice(0, -2)}xx`, body, "x".repeat(5000), ""]) {
      expect((await loadUnsubscribePage(bad)).status).toBe(404);
      const post = new Request("https://boda.example.com/unsubscribe/x", { method: "POST" });
      await expect(handleUnsubscribe(post, {} as never, bad)).rejects.toMatchObject({ status: 404 });
    }
    expect(await db().selectFrom("suppressed_emails").selectAll().execute()).toEqual([]);
  });
});
