import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import { AddToCalendar } from "~/components/home/AddToCalendar";
import { CheckCircleIcon } from "~/components/icons/index";

interface ConfirmedInvitation {
  primaryGuest: string;
  message?: string | null;
  guests: { id: number; fullName: string; dietary?: string | null }[];
}

/** The already-confirmed view: thanks, the confirmed guests with their dietary notes, and the message. */
export function ConfirmedView({ invitation }: { invitation: ConfirmedInvitation }) {
  const { t } = useTranslation(["confirm", "common"]);
  const weddingDate = useRootData()?.weddingDate;
  // With no guest listed, falls back to the primary guest, or the word 'Invitado'.
  const guests = invitation.guests.length ? invitation.guests : [{ id: 0, fullName: invitation.primaryGuest || t("common:guest"), dietary: null }];
  return (
    <div className="card center confirmed-view">
      <CheckCircleIcon size={56} className="confirmed-icon" />
      <h1 className="confirm-title">{t("confirm:confirmed.title")}</h1>
      <p>{t("confirm:confirmed.thanks")}</p>
      <h2 className="confirmed-guests-title">{t("confirm:confirmed.guests")}</h2>
      <ul className="confirmed-guests" aria-label={t("confirm:confirmed.guests")}>
        {guests.map((g, i) => (
          <li key={`${i}-${g.fullName}`}>
            {g.fullName}
            {g.dietary ? <span className="confirmed-dietary">{t("confirm:answer.dietaryNote", { note: g.dietary })}</span> : null}
          </li>
        ))}
      </ul>
      {invitation.message ? (
        <>
          <h2 className="confirmed-guests-title">{t("confirm:answer.message")}</h2>
          <p className="confirmed-message">{invitation.message}</p>
        </>
      ) : null}
      {weddingDate ? <AddToCalendar weddingDate={weddingDate} /> : null}
      <Link to="/" className="button">
        {t("common:backHome")}
      </Link>
    </div>
  );
}
