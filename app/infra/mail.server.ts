import nodemailer from "nodemailer";
import { config } from "~/infra/config.server";

/**
 * Sending one e-mail through SMTP_URL with nodemailer. Only the outbox's sender calls sendEmail
 * (app/models/outbox.server.ts): everything else enqueues. The one exception is Correos' test
 * message (sendTestEmail), sent at once because its point is the server's answer now. Unset SMTP_URL: the site sends no
 * e-mail and shows no e-mail control (emailEnabled).
 */

// Bounded waits, so a silent server fails the try well within the sender's claim on the row.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;

export function emailEnabled(): boolean {
  const c = config();
  return Boolean(c.SMTP_URL && c.MAIL_FROM);
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row: a retry after an unknown outcome carries the same one, so providers can drop the copy. */
  messageId: string;
  /** The one-click unsubscribe address (RFC 8058), also in the body. */
  unsubscribeUrl?: string;
  language: string;
  /** Images the HTML shows inline (`<img src="cid:…">`), e.g. an invitation's QR code. */
  inlineImages?: { cid: string; filename: string; content: Buffer; contentType: string }[];
}

let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
let transportFor = "";

function smtp() {
  const url = config().SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set");
  if (!transport || transportFor !== url) {
    transport?.close();
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    });
    transportFor = url;
  }
  return transport;
}

/** Sends one e-mail; resolves when the SMTP server accepted it, rejects with its reason otherwise. */
export async function sendEmail(email: Email): Promise<void> {
  const from = config().MAIL_FROM;
  if (!from) throw new Error("MAIL_FROM is not set");
  await smtp().sendMail({
    from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    headers: { "Content-Language": email.language, "Auto-Submitted": "auto-generated" },
    list: email.unsubscribeUrl ? { unsubscribe: { url: email.unsubscribeUrl, comment: "Unsubscribe" } } : undefined,
    // A cid puts each image in a multipart/related part beside the HTML, shown inline.
    attachments: email.inlineImages,
  });
}

/**
 * 'Enviar correo de prueba': one short plain-text message through the same transport, at once;
 * resolves with the server's reply line (e.g. "250 2.0.0 Ok: queued as …"), rejects with
 * nodemailer's error (its `code` says what failed: app/lib/mail-test.ts).
 */
export async function sendTestEmail(message: { to: string; subject: string; text: string; language: string }): Promise<{ response: string }> {
  const from = config().MAIL_FROM;
  if (!from) throw new Error("MAIL_FROM is not set");
  const info = await smtp().sendMail({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    headers: { "Content-Language": message.language, "Auto-Submitted": "auto-generated" },
  });
  return { response: typeof info.response === "string" ? info.response : "" };
}

/** The domain of MAIL_FROM, for Message-IDs (`<…@domain>`). */
export function mailDomain(): string {
  const from = config().MAIL_FROM ?? "";
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match ? match[1].toLowerCase() : "localhost";
}

/** Tests switch SMTP servers between cases. */
export function resetMailForTests() {
  transport?.close();
  transport = undefined;
  transportFor = "";
}
