import type { AppLoadContext } from "@remix-run/node";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emailsScreen, invitationEmailsOf, loadEmailsScreen } from "~/http/admin/emails.server";
import { invitationsTab } from "~/routes/admin.invitations/invitations.server";
import { screenAction, type AdminScreenActions } from "~/http/admin/tab-action.server";
import { configSchema } from "~/infra/config.server";
import { db } from "~/infra/db.server";
import { resetMailForTests } from "~/infra/mail.server";
import { sendDue } from "~/models/outbox-sender.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import type { AdminOperation } from "~/lib/admin-schemas";
import { composeGuestEmail, guestEmailCounts, queueAllGuestEmails, queueGuestEmail } from "~/models/invitation-emails.server";
import { confirmInvitation, createInvitation, declineInvitation, deleteInvitation } from "~/models/invitations.server";
import { answerMessages } from "~/models/notifications.server";
import { listOutbox, suppressEmail } from "~/models/outbox.server";
import { freePort } from "../helpers/free-port";
import { smtpSink } from "../helpers/mail-sinks";
import { useTestDatabase } from "./helpers/test-db";

/**
 * The guests' invitation and reminder e-mails (decision 0044). Composition in both languages (the
 * couple, the date, the personal link as a button and as text, the QR code as an inline CID image
 * that decodes to the link, a plain-text part, the unsubscribe link), the bulk selections (never
 * twice, the 3-day rule for reminders, the confirmed number), and the e-mail controls hidden
 * without SMTP_URL.
 */
const smtpPort = await freePort();
const smtp = smtpSink(smtpPort);
const MAIL_ENV = {
  WEDDING_DATE: "2031-01-17T16:00:00-05:00",
  RSVP_DEADLINE: "2030-12-17T23:59:59-05:00",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Valeria y Sebastián <boda@example.com>",
  PUBLIC_URL: "https://boda.example.com",
};
const NOW = new Date("2030-11-01T12:00:00Z");
const DAY = 24 * 60 * 60_000;

async function invitation(primaryGuest: string, opts: { email?: string; language?: "es" | "en"; maxGuests?: number } = {}) {
  const created = await createInvitation({ primaryGuest, maxGuests: opts.maxGuests ?? 2, language: opts.language ?? "es" });
  if (!created.ok) throw new Error("setup");
  if (opts.email) await db().updateTable("invitations").set({ email: opts.email }).where("id", "=", created.invitation.id).execute();
  return created.invitation;
}

const row = (id: number) => db().selectFrom("invitations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const outboxRows = () => db().selectFrom("outbox").selectAll().orderBy("id").execute();

async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).flatten({ background: "#fff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

describe("an invitation or reminder e-mail, composed", () => {
  useTestDatabase(MAIL_ENV);

  it("in Spanish: the couple, the long date, the link as a button and as text, the QR as an inline image, a plain part, the unsubscribe link", async () => {
    const mail = await composeGuestEmail("invitation", { code: "ABC234", primaryGuest: "Ana <b>Pérez</b>" }, "es", "ana@example.com");
    const link = "https://boda.example.com/i/ABC234";
    expect(mail.subject).toBe("Valeria & Sebastián te invitan a su boda");
    expect(mail.text).toContain("¡Hola, Ana <b>Pérez</b>!");
    expect(mail.text).toContain("17 de enero de 2031");
    expect(mail.text).toContain("17 de diciembre de 2030");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Tu código de invitación: ABC234");
    expect(mail.text).toContain(`Ya no quiero recibir correos: ${mail.unsubscribeUrl}`);
    expect(mail.unsubscribeUrl).toMatch(/^https:\/\/boda\.example\.com\/unsubscribe\//);
    // The HTML: the guest's name escaped, the link twice (the button and the text), the QR by its CID.
    expect(mail.html).toContain("¡Hola, Ana &lt;b&gt;Pérez&lt;/b&gt;!");
    expect(mail.html).not.toContain("<b>Pérez");
    expect(mail.html.match(new RegExp(`href="${link}"`, "g"))).toHaveLength(2);
    expect(mail.html).toContain(">Abrir mi invitación</a>");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain(`href="${mail.unsubscribeUrl}"`);
    const [qr] = mail.inlineImages;
    expect(mail.html).toContain(`src="cid:${qr.cid}"`);
    expect(mail.html).toContain('alt="Código QR de tu invitación"');
    expect(qr.contentType).toBe("image/png");
    expect(await decodeQr(qr.content)).toBe(link);
  });

  it("in English, and a reminder with the deadline", async () => {
    const invite = await composeGuestEmail("invitation", { code: "XYZ789", primaryGuest: "Grace" }, "en", "grace@example.com");
    expect(invite.subject).toBe("Valeria & Sebastián invite you to their wedding");
    expect(invite.text).toContain("Hello, Grace!");
    expect(invite.text).toContain("January 17, 2031");
    expect(invite.text).toContain("Stop e-mailing me: ");
    expect(invite.html).toContain(">Open my invitation</a>");
    expect(invite.html).toContain('<html lang="en">');

    const reminder = await composeGuestEmail("reminder", { code: "XYZ789", primaryGuest: "Grace" }, "en", "grace@example.com");
    expect(reminder.subject).toBe("Reminder: please RSVP by December 17, 2030");
    expect(reminder.text).toContain("https://boda.example.com/i/XYZ789");
    expect(await decodeQr(reminder.inlineImages[0].content)).toBe("https://boda.example.com/i/XYZ789");
    const recordatorio = await composeGuestEmail("reminder", { code: "XYZ789", primaryGuest: "Grace" }, "es", "grace@example.com");
    expect(recordatorio.subject).toBe("Recordatorio: confirma tu asistencia antes del 17 de diciembre de 2030");
  });
});

describe("through a real SMTP server", () => {
  useTestDatabase(MAIL_ENV);
  beforeEach(async () => {
    smtp.received.length = 0;
    resetMailForTests();
    await smtp.start();
  });
  afterEach(async () => {
    resetMailForTests();
    await smtp.stop();
  });

  it("an invitation arrives in the invitation's language with its QR as an inline part that decodes to the personal link", async () => {
    const inv = await invitation("Grace Hopper", { email: "Grace@Example.com".toLowerCase(), language: "en" });
    expect(await queueGuestEmail("invitation", inv.id, null)).toEqual({ ok: true });
    expect(await sendDue()).toBeNull();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    const link = `https://boda.example.com/i/${inv.code}`;
    expect(mail.to).toEqual(["grace@example.com"]);
    expect(mail.subject).toBe("Valeria & Sebastián invite you to their wedding");
    expect(mail.header("content-language")).toBe("en");
    expect(mail.header("list-unsubscribe")).toContain("https://boda.example.com/unsubscribe/");
    expect(mail.text).toContain(link);
    const cid = /src="cid:([^"]+)"/.exec(mail.html)?.[1];
    expect(cid).toBeTruthy();
    const image = mail.inline.get(cid!);
    expect(image?.type).toBe("image/png");
    expect(await decodeQr(image!.content)).toBe(link);
    expect((await listOutbox())[0]).toMatchObject({ kind: "invitation", state: "sent", language: "en" });
  });

  it("an address that asked not to be e-mailed receives nothing, even when queued before it asked", async () => {
    const inv = await invitation("Ana", { email: "ana@example.com" });
    expect(await queueGuestEmail("invitation", inv.id, null)).toEqual({ ok: true });
    await suppressEmail("ana@example.com");
    await sendDue();
    expect(smtp.received).toHaveLength(0);
    expect((await listOutbox())[0]).toMatchObject({ state: "failed", reason: "unsubscribed" });
    // And it is not queued again: one invitation refuses, the bulk leaves it out.
    const other = await invitation("Otra Ana", { email: "ana@example.com" });
    expect(await queueGuestEmail("invitation", other.id, null)).toEqual({ ok: false, error: "unsubscribed" });
    expect((await guestEmailCounts(NOW)).invitations).toBe(0);
  });

  it("a queued e-mail whose invitation was deleted, or a reminder whose guests answered meanwhile, is not sent", async () => {
    const gone = await invitation("Borrada", { email: "borrada@example.com" });
    const answers = await invitation("Responde", { email: "responde@example.com" });
    expect(await queueGuestEmail("invitation", gone.id, null, NOW)).toEqual({ ok: true });
    expect(await queueGuestEmail("reminder", answers.id, null, NOW)).toEqual({ ok: true });
    await deleteInvitation(gone.id);
    expect((await declineInvitation(answers.code, NOW)).ok).toBe(true);
    await sendDue();
    expect(smtp.received).toHaveLength(0);
    const states = Object.fromEntries((await listOutbox()).map((m) => [m.kind, [m.state, m.reason]]));
    expect(states).toEqual({ invitation: ["failed", "invitation deleted"], reminder: ["failed", "already answered"] });
  });

  it("a reminder still queued when the deadline passes is not sent", async () => {
    const late = await invitation("Tarde", { email: "tarde@example.com" });
    expect(await queueGuestEmail("reminder", late.id, null, NOW)).toEqual({ ok: true });
    await sendDue(
      () => false,
      () => new Date("2030-12-18T12:00:00Z").getTime(),
    );
    expect(smtp.received).toHaveLength(0);
    expect((await listOutbox())[0]).toMatchObject({ kind: "reminder", state: "failed", reason: "deadline passed" });
  });
});

describe("who is e-mailed, and only once", () => {
  useTestDatabase(MAIL_ENV);

  it("'Enviar invitación por correo a todos': every invitation with an address never sent one, after confirming their number; a replay queues nothing", async () => {
    const a = await invitation("Con correo", { email: "a@example.com", language: "en" });
    const b = await invitation("Ya enviada", { email: "b@example.com" });
    await invitation("Sin correo");
    const c = await invitation("Otra con correo", { email: "c@example.com" });
    expect(await queueGuestEmail("invitation", b.id, null, NOW)).toEqual({ ok: true });
    expect((await guestEmailCounts(NOW)).invitations).toBe(2);

    // The number confirmed no longer holds (one more was added since): nothing queued, the new number told.
    expect(await queueAllGuestEmails("invitation", 1, NOW)).toEqual({ ok: false, error: "changed", count: 2 });
    expect(await outboxRows()).toHaveLength(1);

    expect(await queueAllGuestEmails("invitation", 2, NOW)).toEqual({ ok: true, count: 2 });
    const rows = await outboxRows();
    expect(rows.map((r) => [r.kind, r.recipient, r.language])).toEqual([
      ["invitation", "b@example.com", "es"],
      ["invitation", "a@example.com", "en"],
      ["invitation", "c@example.com", "es"],
    ]);
    expect(JSON.parse(rows[1].payload)).toEqual({ code: a.code, primaryGuest: "Con correo" });
    expect((await row(a.id)).invitation_emailed_at).toBe(NOW.toISOString());
    expect((await row(c.id)).invitation_emailed_at).toBe(NOW.toISOString());

    // The same form again (a double click, Back and resend): nothing left, nothing queued.
    expect(await queueAllGuestEmails("invitation", 2, NOW)).toEqual({ ok: false, error: "changed", count: 0 });
    expect((await guestEmailCounts(NOW)).invitations).toBe(0);
    expect(await outboxRows()).toHaveLength(3);
  });

  it("one invitation's e-mail is queued once per click seen: a replay finds it changed; sending again names the last one", async () => {
    const inv = await invitation("Ana", { email: "ana@example.com" });
    await Promise.all([queueGuestEmail("invitation", inv.id, null, NOW), queueGuestEmail("invitation", inv.id, null, NOW)]).then((results) =>
      expect(results.map((r) => r.ok).sort()).toEqual([false, true]),
    );
    expect(await outboxRows()).toHaveLength(1);
    const later = new Date(NOW.getTime() + DAY);
    expect(await queueGuestEmail("invitation", inv.id, NOW.toISOString(), later)).toEqual({ ok: true });
    expect(await outboxRows()).toHaveLength(2);
    expect((await row(inv.id)).invitation_emailed_at).toBe(later.toISOString());
    const noEmail = await invitation("Sin correo");
    expect(await queueGuestEmail("invitation", noEmail.id, null)).toEqual({ ok: false, error: "noEmail" });
    expect(await queueGuestEmail("invitation", 999_999, null)).toEqual({ ok: false, error: "notFound" });
  });

  it("'Enviar recordatorio a todos por correo': pending invitations with an address not reminded in the last 3 days, each recorded", async () => {
    const never = await invitation("Nunca recordada", { email: "never@example.com" });
    const old = await invitation("Hace 4 días", { email: "old@example.com", language: "en" });
    const recent = await invitation("Ayer", { email: "recent@example.com" });
    const confirmed = await invitation("Confirmó", { email: "yes@example.com" });
    const declined = await invitation("No viene", { email: "no@example.com" });
    await invitation("Sin correo");
    await db()
      .updateTable("invitations")
      .set({ reminded_at: new Date(NOW.getTime() - 4 * DAY).toISOString(), reminder_count: 2 })
      .where("id", "=", old.id)
      .execute();
    await db()
      .updateTable("invitations")
      .set({ reminded_at: new Date(NOW.getTime() - DAY).toISOString(), reminder_count: 1 })
      .where("id", "=", recent.id)
      .execute();
    expect((await confirmInvitation(confirmed.code, ["Luis Soto"], NOW)).ok).toBe(true);
    expect((await declineInvitation(declined.code, NOW)).ok).toBe(true);
    const before = await outboxRows();

    expect((await guestEmailCounts(NOW)).reminders).toBe(2);
    expect(await queueAllGuestEmails("reminder", 2, NOW)).toEqual({ ok: true, count: 2 });
    const reminders = (await outboxRows()).filter((r) => r.kind === "reminder");
    expect(reminders.map((r) => [r.recipient, r.language])).toEqual([
      ["never@example.com", "es"],
      ["old@example.com", "en"],
    ]);
    expect(await outboxRows()).toHaveLength(before.length + 2);
    expect(await row(never.id)).toMatchObject({ reminded_at: NOW.toISOString(), reminder_count: 1 });
    expect(await row(old.id)).toMatchObject({ reminded_at: NOW.toISOString(), reminder_count: 3 });
    expect(await row(recent.id)).toMatchObject({ reminder_count: 1 });

    // Reminded just now: not again until 3 days have passed.
    expect(await queueAllGuestEmails("reminder", 2, NOW)).toEqual({ ok: false, error: "changed", count: 0 });
    expect((await guestEmailCounts(new Date(NOW.getTime() + 3 * DAY - 60_000))).reminders).toBe(1); // only "Ayer"
    expect((await guestEmailCounts(new Date(NOW.getTime() + 3 * DAY))).reminders).toBe(3);
  });

  it("one reminder: recorded, never to an invitation that answered, never after the deadline", async () => {
    const inv = await invitation("Pendiente", { email: "p@example.com" });
    expect(await queueGuestEmail("reminder", inv.id, null, NOW)).toEqual({ ok: true });
    expect(await row(inv.id)).toMatchObject({ reminded_at: NOW.toISOString(), reminder_count: 1 });
    expect(await queueGuestEmail("reminder", inv.id, null, NOW)).toEqual({ ok: false, error: "changed" });
    const answered = await invitation("Respondió", { email: "r@example.com" });
    expect((await declineInvitation(answered.code, NOW)).ok).toBe(true);
    expect(await queueGuestEmail("reminder", answered.id, null, NOW)).toEqual({ ok: false, error: "answered" });
    const afterDeadline = new Date("2030-12-18T12:00:00Z");
    expect(await queueGuestEmail("reminder", inv.id, NOW.toISOString(), afterDeadline)).toEqual({ ok: false, error: "closed" });
    expect(await queueAllGuestEmails("reminder", 1, afterDeadline)).toEqual({ ok: false, error: "closed" });
    expect(await guestEmailCounts(afterDeadline)).toMatchObject({ reminders: 0, rsvpOpen: false });
  });
});

/** Posts one admin form as a browser with the session would. */
async function post(actions: AdminScreenActions<AdminOperation>, path: string, form: Record<string, string>) {
  const cookie = (await startAdminSessionHeader(new Request("http://localhost/admin"))).split(";")[0];
  const request = new Request(`http://localhost/admin${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(form),
  });
  const context: AppLoadContext = { clientIp: "203.0.113.1", cspNonce: "x" };
  const response = await screenAction(request, context, actions);
  const data = response instanceof Response ? null : (response as { data: unknown }).data;
  return { status: response instanceof Response ? response.status : (response as { init?: { status?: number } }).init?.status, data, response };
}

describe("the admin's e-mail actions", () => {
  useTestDatabase(MAIL_ENV);

  it("the confirmation's number is the loader's; a bulk post without confirming, or with another number, queues nothing", async () => {
    await invitation("Uno", { email: "uno@example.com" });
    await invitation("Dos", { email: "dos@example.com" });
    expect(await loadEmailsScreen()).toMatchObject({ off: false, counts: { invitations: 2 } });

    const unconfirmed = await post(emailsScreen as AdminScreenActions<AdminOperation>, "/emails", { intent: "sendAllInvitationEmails", count: "2" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data).toMatchObject({ ok: false, error: { confirmed: ["emails:confirmFirst"] } });
    const stale = await post(emailsScreen as AdminScreenActions<AdminOperation>, "/emails", {
      intent: "sendAllInvitationEmails",
      count: "3",
      confirmed: "yes",
    });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ ok: false, error: { "": ["emails:errors.countChanged"] } });
    expect(await outboxRows()).toHaveLength(0);

    const sent = await post(emailsScreen as AdminScreenActions<AdminOperation>, "/emails", { intent: "sendAllInvitationEmails", count: "2", confirmed: "yes" });
    expect(sent.status).toBe(302);
    expect(await outboxRows()).toHaveLength(2);
  });

  it("'Enviar invitación por correo' from Invitaciones' share panel queues one e-mail", async () => {
    const inv = await invitation("Ana", { email: "ana@example.com" });
    expect(await invitationEmailsOf()).toEqual({ [inv.id]: { email: "ana@example.com", emailedAt: null, remindedAt: null, reminderCount: 0 } });
    const first = await post(invitationsTab as AdminScreenActions<AdminOperation>, "/invitations", {
      intent: "sendInvitationEmail",
      id: String(inv.id),
      seen: "",
    });
    expect(first.status).toBe(302);
    expect(first.response instanceof Response && first.response.headers.get("Location")).toBe("/admin/invitations");
    const replay = await post(invitationsTab as AdminScreenActions<AdminOperation>, "/invitations", {
      intent: "sendInvitationEmail",
      id: String(inv.id),
      seen: "",
    });
    expect(replay.status).toBe(409);
    expect(replay.data).toMatchObject({ error: { "": ["emails:errors.changed"] } });
    expect(await outboxRows()).toHaveLength(1);
  });
});

describe("without SMTP_URL", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("the Correos screen says e-mail is off, no share panel offers e-mail, and a posted send queues nothing", async () => {
    const inv = await invitation("Ana", { email: "ana@example.com" });
    expect(await loadEmailsScreen()).toEqual({ off: true });
    expect(await invitationEmailsOf()).toEqual({});
    const refused = await post(invitationsTab as AdminScreenActions<AdminOperation>, "/invitations", {
      intent: "sendInvitationEmail",
      id: String(inv.id),
      seen: "",
    });
    expect(refused.status).toBe(404);
    const bulk = await post(emailsScreen as AdminScreenActions<AdminOperation>, "/emails", { intent: "sendAllInvitationEmails", count: "1", confirmed: "yes" });
    expect(bulk.status).toBe(404);
    expect(await outboxRows()).toHaveLength(0);
    expect((await row(inv.id)).invitation_emailed_at).toBeNull();
  });
});

describe("the couple's notifications' language (NOTIFY_LANGUAGE)", () => {
  useTestDatabase({ NOTIFY_URL: "https://hooks.example.com/x", NOTIFY_LANGUAGE: "en" });

  it("is the configured one; Spanish by default; anything else stops the server with a message", () => {
    const notice = { code: "ABC234", primaryGuest: "Ana", status: "declined" as const, guests: [], message: null, answeredAt: NOW.toISOString() };
    expect(answerMessages(notice).map((m) => m.language)).toEqual(["en"]);
    expect(configSchema.parse({}).NOTIFY_LANGUAGE).toBe("es");
    const bad = configSchema.safeParse({ NOTIFY_LANGUAGE: "fr" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('NOTIFY_LANGUAGE must be "es" or "en"');
  });
});
