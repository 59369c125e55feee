import { contentSnapshot, currentContent } from "~/models/content-live.server";
import { config } from "~/infra/config.server";
import { i18nFor } from "~/infra/i18n.server";
import { emailEnabled } from "~/infra/mail.server";
import { escapeHtml } from "~/lib/escape-html";
import { unsubscribeToken } from "~/infra/unsubscribe-token.server";
import type { Language } from "~/lib/constants";
import { atVenueTime, venueDay } from "~/lib/venue-time";
import { enqueue, type NewOutboxMessage, type OutboxTransaction } from "~/models/outbox.server";

/**
 * The couple told of each answer (decision 0030): NOTIFY_EMAIL and/or NOTIFY_URL get, for every
 * confirmation or decline, the name, the guests with their dietary notes and the message to the
 * couple; with NOTIFY_DIGEST=daily, one digest a day instead. Enqueued in the answer's own
 * transaction (app/models/invitations.server.ts), composed when sent, so a failing endpoint never
 * delays or fails the guest's answer.
 */

/** One answer to one of the couple's questions, as the couple reads it (the question's Spanish text, the answer's). */
export interface NoticeAnswer {
  question: string;
  answer: string;
}

/** What an answer notification is made from (the outbox row's payload). */
export interface AnswerNotice {
  code: string;
  primaryGuest: string;
  status: "confirmed" | "declined";
  /**
   * `events`: the names of the events the person attends, when the invitation is invited to more
   * than the wedding (docs/decisions/0057-events.md); `dish` (its Spanish name) and `child` only
   * when the couple's menu recorded them ('Menú'); `answers` a person's answers to the couple's
   * questions asked per person ('Preguntas', in Spanish), only when there are some.
   */
  guests: { fullName: string; dietary: string | null; events?: string[]; dish?: string; child?: true; answers?: NoticeAnswer[] }[];
  /** The answers to the couple's questions asked once per invitation, only when there are some. */
  answers?: NoticeAnswer[];
  message: string | null;
  answeredAt: string;
  /** A confirmed guest changed their answer ('Cambiar mi respuesta'): the notice says so. */
  changed?: true;
}

/** The daily digest goes out at this time at the venue, with the day's answers. */
export const DIGEST_TIME = "20:00";

/** The next digest's instant at or after `now`, by the venue's clock. */
export function nextDigestAt(now: Date, timeZone: string): number {
  const today = atVenueTime(venueDay(now, timeZone), DIGEST_TIME, timeZone).getTime();
  return today > now.getTime() ? today : atVenueTime(venueDay(now, timeZone), DIGEST_TIME, timeZone, 1).getTime();
}

/** The messages an answer causes under the configuration: none when nothing is configured. */
export function answerMessages(notice: AnswerNotice, now = new Date()): NewOutboxMessage[] {
  const c = config();
  const digest = c.NOTIFY_DIGEST === "daily";
  const kind = digest ? "answer-digest" : "answer";
  // The zone of the content this worker last read: nothing is read inside the answer's transaction.
  const dueAt = digest ? nextDigestAt(now, contentSnapshot().couple.timeZone) : undefined;
  const messages: NewOutboxMessage[] = [];
  // The couple's own language, whatever the guest's (NOTIFY_LANGUAGE).
  const language: Language = c.NOTIFY_LANGUAGE;
  if (emailEnabled()) {
    for (const address of c.NOTIFY_EMAIL ?? []) messages.push({ kind, channel: "email", recipient: address, language, payload: notice, dueAt });
  }
  if (c.NOTIFY_URL) messages.push({ kind, channel: "webhook", recipient: c.NOTIFY_URL, language, payload: notice, dueAt });
  return messages;
}

/**
 * Called inside the transaction that records the answer: the notification is written with it or
 * not at all. It reads nothing and only inserts rows, so it adds no reason for the answer to fail.
 */
export async function enqueueAnswerNotice(trx: OutboxTransaction, notice: AnswerNotice): Promise<void> {
  await enqueue(answerMessages(notice), trx);
}

/* ---------- Composition, when sent ---------- */

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string;
}

function siteUrl(): string {
  // Required with SMTP_URL (config.server.ts); a webhook alone may run without it.
  return config().PUBLIC_URL ?? "";
}

export function unsubscribeUrl(email: string, language: Language): string {
  return `${siteUrl()}/unsubscribe/${unsubscribeToken(email, language)}`;
}

type MailT = (key: string, values?: Record<string, unknown>) => string;

/**
 * Every e-mail's frame: the HTML document around `body` and, in both parts, the footer saying why
 * it came with the unsubscribe link.
 */
export function mailFrame(t: MailT, language: Language, subject: string, unsubscribe: string) {
  const names = contentSnapshot().couple.names;
  const e = escapeHtml;
  return {
    textFooter: ["--", t("footer.why", { names }), `${t("footer.unsubscribe")}: ${unsubscribe}`].join("\n"),
    html: (body: string, style = "") =>
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head><body style="font-family:Georgia,serif;color:#222;line-height:1.5${style}">
${body}
<hr><p style="font-size:smaller;color:#555">${e(t("footer.why", { names }))} <a href="${e(unsubscribe)}">${e(t("footer.unsubscribe"))}</a></p>
</body></html>`,
  };
}

/** One answer as lines of text (the e-mail's and the webhook's `text`). */
async function answerLines(
  notice: AnswerNotice,
  language: Language,
): Promise<{ headline: string; guests: string[]; answers: string[]; message: string | null }> {
  const t = (await i18nFor(language)).getFixedT(language, "mail");
  const line = notice.changed ? "answer.changedLine" : notice.status === "confirmed" ? "answer.confirmedLine" : "answer.declinedLine";
  const headline = t(line, { name: notice.primaryGuest, code: notice.code });
  const guests =
    notice.status === "confirmed"
      ? notice.guests.map((g) => {
          const notes = [
            ...(g.dietary ? [t("answer.dietary", { note: g.dietary })] : []),
            ...(g.dish ? [t("answer.dish", { dish: g.dish })] : []),
            ...(g.child ? [t("answer.child")] : []),
            ...(g.answers ?? []).map((a) => `${a.question} ${a.answer}`),
          ];
          const named = notes.length ? `${g.fullName} (${notes.join("; ")})` : g.fullName;
          return named + (g.events ? ` — ${g.events.length ? g.events.join(", ") : t("answer.noEvents")}` : "");
        })
      : [];
  const answers = notice.status === "confirmed" ? (notice.answers ?? []).map((a) => `${a.question} ${a.answer}`) : [];
  return { headline, guests, answers, message: notice.message };
}

async function subjectOf(notices: AnswerNotice[], kind: string, language: Language): Promise<string> {
  const t = (await i18nFor(language)).getFixedT(language, "mail");
  if (kind === "answer-digest") return t("answer.digestSubject", { count: notices.length });
  const [n] = notices;
  if (n.status === "declined") return t("answer.declinedSubject", { name: n.primaryGuest });
  const count = n.guests.length;
  return t(n.changed ? "answer.changedSubject" : "answer.confirmedSubject", { name: n.primaryGuest, count, people: t("answer.person", { count }) });
}

/** The e-mail telling the couple of one answer, or of a digest's answers: a plain-text and an HTML part, escaped. */
export async function composeAnswerEmail(notices: AnswerNotice[], kind: string, language: Language, recipient: string): Promise<ComposedEmail> {
  const t = (await i18nFor(language)).getFixedT(language, "mail");
  const names = (await currentContent()).couple.names;
  const intro = t(kind === "answer-digest" ? "answer.digestIntro" : "answer.intro", { names });
  const answers = await Promise.all(notices.map((n) => answerLines(n, language)));
  const unsubscribe = unsubscribeUrl(recipient, language);
  const adminUrl = `${siteUrl()}/admin`;
  const subject = await subjectOf(notices, kind, language);
  const frame = mailFrame(t, language, subject, unsubscribe);
  const text = [
    intro,
    "",
    ...answers.flatMap((a) => [
      a.headline,
      ...(a.guests.length ? [`${t("answer.guests")}:`, ...a.guests.map((g) => `- ${g}`)] : []),
      ...(a.answers.length ? [`${t("answer.questions")}:`, ...a.answers.map((line) => `- ${line}`)] : []),
      ...(a.message ? [`${t("answer.message")}: ${a.message}`] : []),
      "",
    ]),
    `${t("answer.seeAll")}: ${adminUrl}`,
    "",
    frame.textFooter,
  ].join("\n");
  const e = escapeHtml;
  const html = frame.html(`<p>${e(intro)}</p>
${answers
  .map(
    (a) =>
      `<p><strong>${e(a.headline)}</strong></p>` +
      (a.guests.length ? `<p>${e(t("answer.guests"))}:</p><ul>${a.guests.map((g) => `<li>${e(g)}</li>`).join("")}</ul>` : "") +
      (a.answers.length ? `<p>${e(t("answer.questions"))}:</p><ul>${a.answers.map((line) => `<li>${e(line)}</li>`).join("")}</ul>` : "") +
      (a.message ? `<p>${e(t("answer.message"))}:</p><blockquote>${e(a.message)}</blockquote>` : ""),
  )
  .join("\n")}
<p><a href="${e(adminUrl)}">${e(t("answer.seeAll"))}</a></p>`);
  return { subject, text, html, unsubscribeUrl: unsubscribe };
}

/**
 * The webhook's JSON: `text` (a short summary Slack-compatible endpoints show as is) and the
 * answers' fields as the API names them, for home automation.
 */
export async function answerWebhookBody(notices: AnswerNotice[], kind: string, language: Language) {
  const answers = await Promise.all(notices.map((n) => answerLines(n, language)));
  const text = [
    await subjectOf(notices, kind, language),
    ...answers.flatMap((a) => [
      ...(kind === "answer-digest" ? [a.headline] : []),
      ...a.guests.map((g) => `- ${g}`),
      ...a.answers.map((line) => `- ${line}`),
      ...(a.message ? [`“${a.message}”`] : []),
    ]),
  ].join("\n");
  return { event: kind === "answer-digest" ? "digest" : "answer", text, answers: notices };
}
