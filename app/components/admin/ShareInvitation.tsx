import { notifications } from "@mantine/notifications";
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import { useRootData } from "~/root";
import { formatLongDate } from "~/lib/dates";
import { personalLink, whatsAppLink } from "~/lib/personal-link";
import type { InvitationEmailState } from "~/models/invitation-emails.server";
import { SendGuestEmail } from "~/components/admin/SendGuestEmail";

/** What 'Compartir' needs of an invitation. */
export interface SharedInvitation {
  id: number;
  code: string;
  primaryGuest: string;
  language?: string;
  phone?: string | null;
  email?: string | null;
}

/**
 * 'Compartir' in an invitation's row: a <details> element (opens without JavaScript) holding the
 * invitation's SharePanel.
 */
export function ShareInvitation({
  invitation,
  email,
}: {
  invitation: SharedInvitation;
  /** Its e-mail, when it has an address and the site sends e-mail: 'Enviar invitación por correo'. */
  email?: InvitationEmailState;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <details className="share-invitation">
      <summary className="button secondary small" aria-label={t("share.buttonFor", { name: invitation.primaryGuest })}>
        {t("share.button")}
      </summary>
      <SharePanel invitation={invitation} email={email} />
    </details>
  );
}

/**
 * An invitation's personal link, and the ways to send it: the full link (a copy button with
 * JavaScript; selectable text without), 'Compartir' (the device's share sheet, the Web Share API,
 * where the browser has it), a WhatsApp message in the invitation's language (in the guest's own
 * chat when the invitation has a phone) and a message from the admin's own mail program (to the
 * guest's address when it has one), and the link's QR code (made on the server, downloadable as SVG
 * and PNG). Used by the invitations' list and by Crear's result.
 */
export function SharePanel({ invitation, email, qr: showQr = true }: { invitation: SharedInvitation; email?: InvitationEmailState; qr?: boolean }) {
  const { t, i18n } = useTranslation("dashboard");
  const root = useRootData();
  const admin = useRouteLoaderData("routes/admin") as { publicUrl?: string } | undefined;
  const hydrated = useHydrated();
  // The share sheet exists only in some browsers (phones, mostly): asked once the page's script runs.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  const base = admin?.publicUrl ?? "";
  const link = personalLink(base, invitation.code);
  const language = invitation.language === "en" ? "en" : "es";
  const inLanguage = i18n.getFixedT(language, "dashboard");
  const message = inLanguage("share.message", {
    name: invitation.primaryGuest,
    date: root ? formatLongDate(root.weddingDate, language, root.timeZone) : "",
    deadline: root ? formatLongDate(root.rsvpDeadline, language, root.timeZone) : "",
    link,
  });
  const mail = `mailto:${invitation.email ? encodeURIComponent(invitation.email) : ""}?subject=${encodeURIComponent(inLanguage("share.mailSubject"))}&body=${encodeURIComponent(message)}`;
  const qr = `/admin/qr/${encodeURIComponent(invitation.code)}`;
  const fieldId = `share-link-${invitation.code}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notifications.show({ color: "green", message: t("share.copied") });
    } catch {
      notifications.show({ color: "red", message: t("share.copyFailed") });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: inLanguage("share.mailSubject"), text: message, url: link });
    } catch {
      // Closed without sharing (or refused): the link and the other ways stay on the screen.
    }
  };

  return (
    <div className="share-panel" role="group" aria-label={t("share.title", { name: invitation.primaryGuest })}>
      <label htmlFor={fieldId}>{t("share.link")}</label>
      {/* A text area, so a long address wraps and is read whole on a phone rather than cut at the field's edge. */}
      <textarea id={fieldId} className="share-link" readOnly rows={2} value={link} onFocus={(e) => e.currentTarget.select()} />
      <div className="share-actions">
        {hydrated ? (
          <button type="button" className="button small" onClick={copy}>
            {t("share.copy")}
          </button>
        ) : null}
        {canShare ? (
          <button type="button" className="button small" onClick={share}>
            {t("share.button")}
          </button>
        ) : null}
        <a className="button small secondary" href={whatsAppLink(message, invitation.phone)} target="_blank" rel="noopener noreferrer">
          {t("share.whatsApp")}
        </a>
        <a className="button small secondary" href={mail}>
          {t("share.mail")}
        </a>
      </div>
      {email ? <SendGuestEmail kind="invitation" id={invitation.id} state={email} /> : null}
      {showQr ? (
        <>
          <img src={`${qr}.svg`} alt={t("share.qrAlt", { name: invitation.primaryGuest })} width={160} height={160} loading="lazy" className="share-qr" />
          <div className="share-actions">
            <a href={`${qr}.svg?download=1`} download>
              {t("share.downloadSvg")}
            </a>
            <a href={`${qr}.png?download=1`} download>
              {t("share.downloadPng")}
            </a>
          </div>
        </>
      ) : null}
    </div>
  );
}
