import { Button, Group, Modal, Text } from "@mantine/core";
import { Link, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import { dateTimeFormat, intlLocale } from "~/lib/format";
import { useVenueTimeZone } from "~/root";
import { ConfirmStep } from "~/components/admin/ScreenNotices";
import { useAdminAction } from "~/components/admin/useAdminFetcher";

export type BulkIntent = "sendAllInvitationEmails" | "sendAllReminderEmails";
export const BULK_INTENTS: readonly BulkIntent[] = ["sendAllInvitationEmails", "sendAllReminderEmails"];
const BULK_TEXTS: Record<BulkIntent, { button: string; count: string; confirm: string }> = {
  sendAllInvitationEmails: { button: "bulk.invitations", count: "bulk.invitationsCount", confirm: "confirm.invitations" },
  sendAllReminderEmails: { button: "bulk.reminders", count: "bulk.remindersCount", confirm: "confirm.reminders" },
};

interface OutboxMessage {
  id: number;
  kind: string;
  channel: "email" | "webhook";
  recipient: string;
  state: "queued" | "sent" | "failed";
  reason: string | null;
  tries: number;
  createdAt: string;
  sentAt: string | null;
}

const STATE_BADGES = { queued: "badge badge-yellow", sent: "badge badge-green", failed: "badge badge-red" } as const;

/** A stored time (ISO, or SQLite's "YYYY-MM-DD HH:MM:SS" in UTC) at the venue, in the page's language. */
function formatWhen(value: string, lang: string, timeZone: string): string {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(" ", "T")}Z` : value;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat(intlLocale(lang), { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

/**
 * A bulk e-mail behind a confirmation that says how many. With JavaScript: a dialog (focus moves
 * into it and back), then the post. Without: a link to the same screen's `?confirm=…` step.
 */
function BulkSend({ intent, count }: { intent: BulkIntent; count: number }) {
  const { t } = useTranslation("emails");
  const hydrated = useHydrated();
  const send = useAdminAction(intent);
  const [open, setOpen] = useState(false);
  const texts = BULK_TEXTS[intent];
  return (
    <div className="email-bulk">
      <p>{t(texts.count, { count })}</p>
      {count === 0 ? null : hydrated ? (
        <button type="button" className="button" onClick={() => setOpen(true)} disabled={send.busy}>
          {t(texts.button)}
        </button>
      ) : (
        <Link to={`?confirm=${intent}`} className="button" preventScrollReset>
          {t(texts.button)}
        </Link>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t("confirm.title")} centered>
        <Text>{t(texts.confirm, { count })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            {t("confirm.no")}
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              setOpen(false);
              send.fetcher.submit({ intent, count: String(count), confirmed: "yes" }, { method: "post", preventScrollReset: true });
            }}
          >
            {t("confirm.yes", { count })}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}

/** The confirmation of a bulk e-mail without JavaScript (`?confirm=…`): the same question as the dialog. */
function ConfirmBulkStep({ intent, count }: { intent: BulkIntent; count: number }) {
  const { t } = useTranslation("emails");
  return (
    <ConfirmStep
      title={t("confirm.title")}
      prompt={t(BULK_TEXTS[intent].confirm, { count })}
      fields={{ intent, count: String(count) }}
      yes={t("confirm.yes", { count })}
      no={t("confirm.no")}
    />
  );
}

function MessageState({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation("emails");
  const reason = message.reason ? t(`reasons.${message.reason}`, { defaultValue: message.reason }) : null;
  return (
    <>
      <span className={STATE_BADGES[message.state]}>{t(`states.${message.state}`)}</span>
      {message.state === "failed" && reason ? <span className="email-reason">{reason}</span> : null}
      {message.state === "queued" && message.tries > 0 ? (
        <span className="admin-muted email-reason">
          {t("messages.tries", { count: message.tries })}
          {reason ? `: ${reason}` : ""}
        </span>
      ) : null}
    </>
  );
}

/** Correos: the bulk sends with their counts, then every message of the outbox, newest first. */
export function EmailsTab({ counts, messages }: { counts: { invitations: number; reminders: number; rsvpOpen: boolean }; messages: OutboxMessage[] }) {
  const { t, i18n } = useTranslation("emails");
  const venueZone = useVenueTimeZone();
  const [params] = useSearchParams();
  const confirming = BULK_INTENTS.find((intent) => intent === params.get("confirm"));
  const countOf = (intent: BulkIntent) => (intent === "sendAllInvitationEmails" ? counts.invitations : counts.reminders);
  return (
    <>
      {confirming && countOf(confirming) > 0 ? <ConfirmBulkStep intent={confirming} count={countOf(confirming)} /> : null}
      <section aria-labelledby="emails-bulk-title" className="card email-section">
        <h2 id="emails-bulk-title" className="admin-section-title">
          {t("bulk.title")}
        </h2>
        <p className="admin-muted">{t("intro")}</p>
        <BulkSend intent="sendAllInvitationEmails" count={counts.invitations} />
        {counts.rsvpOpen ? <BulkSend intent="sendAllReminderEmails" count={counts.reminders} /> : <p>{t("bulk.closed")}</p>}
      </section>
      <section aria-labelledby="emails-messages-title">
        <h2 id="emails-messages-title" className="admin-section-title">
          {t("messages.title")}
        </h2>
        {messages.length === 0 ? (
          <p className="admin-empty">{t("messages.empty")}</p>
        ) : (
          // A scrollable region must be focusable so keyboard users can scroll it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div className="table-frame" tabIndex={0} role="region" aria-labelledby="emails-messages-title">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("messages.recipient")}</th>
                  <th scope="col">{t("messages.kind")}</th>
                  <th scope="col">{t("messages.state")}</th>
                  <th scope="col">{t("messages.when")}</th>
                </tr>
              </thead>
              <tbody>
                {messages.map((m) => (
                  <tr key={m.id}>
                    <td data-label={t("messages.recipient")}>{m.recipient}</td>
                    <td data-label={t("messages.kind")}>{t(`kinds.${m.channel === "webhook" ? "webhook" : m.kind}`, { defaultValue: m.kind })}</td>
                    <td data-label={t("messages.state")}>
                      <MessageState message={m} />
                    </td>
                    <td data-label={t("messages.when")}>{formatWhen(m.sentAt ?? m.createdAt, i18n.language, venueZone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
