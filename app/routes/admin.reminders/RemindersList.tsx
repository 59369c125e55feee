import { notifications } from "@mantine/notifications";
import { useVenueTimeZone } from "~/root";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import { FormErrors } from "~/components/confirm/FormErrors";
import type { ReminderRow } from "~/http/admin/reminders.server";
import { displayPhone } from "~/lib/contacts";
import { formatLongDate } from "~/lib/dates";
import { AdminForm } from "~/components/admin/AdminForm";
import { SendGuestEmail } from "~/components/admin/SendGuestEmail";
import { useAdminAction } from "~/components/admin/useAdminFetcher";

/**
 * One pending invitation: 'Recordar por WhatsApp' and 'Copiar mensaje', each recorded ('Recordado el
 * …', how many times). With JavaScript the link goes straight to wa.me while the page records it
 * through its action, and the copy uses the clipboard; without, a button posts to
 * /admin/reminders/{id}/whatsapp (records, then wa.me) and the message is shown to select, with a
 * button that records it.
 */
function Reminder({ row, email }: { row: ReminderRow; email: boolean }) {
  const { t, i18n } = useTranslation("reminders");
  const venueZone = useVenueTimeZone();
  const hydrated = useHydrated();
  const remind = useAdminAction("remindInvitation", `remind-${row.id}`);
  const date = (iso: string) => formatLongDate(iso, i18n.language, venueZone);
  const record = () => remind.fetcher.submit({ intent: "remindInvitation", id: String(row.id) }, { method: "post" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(row.message);
      notifications.show({ color: "green", message: t("remind.copied") });
      record();
    } catch {
      notifications.show({ color: "red", message: t("remind.copyFailed") });
    }
  };
  const titleId = `reminder-${row.id}`;
  return (
    <li className="card admin-card reminder" aria-labelledby={titleId}>
      <h3 id={titleId} className="reminder-name">
        {row.primaryGuest}
      </h3>
      <p className="admin-muted">{row.phone ? t("contacts.phoneShown", { phone: displayPhone(row.phone) }) : t("remind.noPhone")}</p>
      {row.email ? <p className="admin-muted">{t("contacts.emailShown", { email: row.email })}</p> : null}
      <p className="admin-muted">{row.openedFirstAt ? t("opened.at", { date: date(row.openedFirstAt) }) : t("opened.never")}</p>
      <p className="reminder-state" role="status">
        {row.remindedAt ? t("remind.remindedAt", { date: date(row.remindedAt), count: row.reminderCount }) : t("remind.never")}
      </p>
      <div className="share-actions reminder-actions">
        {hydrated ? (
          <a
            className="button small"
            href={row.whatsApp}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("remind.whatsAppFor", { name: row.primaryGuest })}
            onClick={record}
          >
            {t("remind.whatsApp")}
          </a>
        ) : (
          // A POST, never a link: a GET records nothing (a preview or a prefetch is not a reminder).
          <form method="post" action={`/admin/reminders/${row.id}/whatsapp`} target="_blank">
            <button type="submit" className="button small" aria-label={t("remind.whatsAppFor", { name: row.primaryGuest })}>
              {t("remind.whatsApp")}
            </button>
          </form>
        )}
        {hydrated ? (
          <button
            type="button"
            className="button small secondary"
            onClick={copy}
            aria-label={t("remind.copyFor", { name: row.primaryGuest })}
            disabled={remind.busy}
          >
            {t("remind.copy")}
          </button>
        ) : null}
      </div>
      {email && row.email ? (
        <SendGuestEmail
          kind="reminder"
          id={row.id}
          state={{ email: row.email, emailedAt: null, remindedAt: row.remindedAt, reminderCount: row.reminderCount }}
        />
      ) : null}
      {hydrated ? null : (
        <details className="reminder-message">
          <summary className="button small secondary">{t("remind.copy")}</summary>
          <label className="plain-field">
            <span>{t("remind.messageLabel", { name: row.primaryGuest })}</span>
            <textarea readOnly rows={5} defaultValue={row.message} />
          </label>
          <AdminForm action={remind}>
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" className="button small">
              {t("remind.markSent")}
            </button>
          </AdminForm>
        </details>
      )}
      <FormErrors id={`reminder-errors-${row.id}`} errors={remind.errors} />
    </li>
  );
}

/** Por responder (N): the invitations still waiting for an answer before the deadline. */
export function RemindersList({ rows, open, deadline }: { rows: ReminderRow[]; open: boolean; deadline: string }) {
  const { t, i18n } = useTranslation("reminders");
  const email = (useRouteLoaderData("routes/admin") as { email?: boolean } | undefined)?.email === true;
  const venueZone = useVenueTimeZone();
  const when = formatLongDate(deadline, i18n.language, venueZone);
  return (
    <section aria-labelledby="reminders-title">
      <h2 id="reminders-title" className="admin-section-title">
        {t("pending.title", { count: rows.length })}
      </h2>
      <p>
        <Link to="/admin/invitations" className="button secondary small">
          {t("pending.back")}
        </Link>
      </p>
      {!open ? (
        <p className="admin-warning" role="status">
          {t("pending.deadlinePassed", { deadline: when })}
        </p>
      ) : rows.length === 0 ? (
        <p className="admin-empty">{t("pending.empty")}</p>
      ) : (
        <>
          <p className="admin-muted">{t("pending.intro", { deadline: when })}</p>
          {email ? (
            <p>
              {/* The bulk send asks first, saying how many, on Correos (app/routes/admin.emails/EmailsTab.tsx). */}
              <Link to="/admin/emails?confirm=sendAllReminderEmails" className="button small">
                {t("emails:bulk.reminders")}
              </Link>
            </p>
          ) : null}
          <ul className="reminder-list" aria-label={t("pending.listLabel")}>
            {rows.map((row) => (
              <Reminder key={row.id} row={row} email={email} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
