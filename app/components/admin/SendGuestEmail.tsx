import { useTranslation } from "react-i18next";
import { useVenueTimeZone } from "~/root";
import { formatLongDate } from "~/lib/dates";
import type { GuestEmailKind, InvitationEmailState } from "~/models/invitation-emails.server";
import { AdminForm } from "./AdminForm";
import { useAdminAction } from "./useAdminFetcher";

/**
 * 'Enviar invitación por correo' / 'Enviar recordatorio por correo' for one invitation: a form that
 * posts when its last one was queued as shown here (`seen`), so a double click or a replayed form
 * queues one e-mail, not two. Shown only when the site sends e-mail and the invitation has an address.
 */
export function SendGuestEmail({ kind, id, state }: { kind: GuestEmailKind; id: number; state: InvitationEmailState }) {
  const { t, i18n } = useTranslation("emails");
  const venueZone = useVenueTimeZone();
  const intent = kind === "invitation" ? "sendInvitationEmail" : "sendReminderEmail";
  const send = useAdminAction(intent, `${intent}-${id}`);
  const seen = kind === "invitation" ? state.emailedAt : state.remindedAt;
  const label = kind === "reminder" ? t("sendReminder") : seen ? t("share.sendAgain") : t("share.send");
  return (
    <AdminForm action={send} className="send-guest-email">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="seen" value={seen ?? ""} />
      {kind === "invitation" && state.emailedAt ? (
        <p className="admin-muted">{t("share.sentAt", { date: formatLongDate(state.emailedAt, i18n.language, venueZone) })}</p>
      ) : null}
      <button type="submit" className="button small" disabled={send.busy}>
        {label}
      </button>
      <span className="admin-muted"> {t("share.to", { email: state.email })}</span>
    </AdminForm>
  );
}
