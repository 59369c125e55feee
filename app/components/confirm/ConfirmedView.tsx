import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import { AddToCalendar } from "../home/AddToCalendar";
import { CheckCircleIcon } from "../icons";

/** The already-confirmed view: thanks and the list of confirmed guests. */
export function ConfirmedView({ invitation }: { invitation: { primaryGuest: string; guests: { id: number; fullName: string }[] } }) {
  const { t } = useTranslation(["confirm", "common"]);
  // Falls back to the primary guest, or the word 'Invitado' (spec section 2).
  const weddingDate = useRootData()?.weddingDate;
  const names = invitation.guests.length ? invitation.guests.map((g) => g.fullName) : [invitation.primaryGuest || t("common:guest")];
  return (
    <div className="card center confirmed-view">
      <CheckCircleIcon size={56} className="confirmed-icon" />
      <h1 className="confirm-title">{t("confirm:confirmed.title")}</h1>
      <p>{t("confirm:confirmed.thanks")}</p>
      <h2 className="confirmed-guests-title">{t("confirm:confirmed.guests")}</h2>
      <ul className="confirmed-guests" aria-label={t("confirm:confirmed.guests")}>
        {names.map((name, i) => (
          <li key={`${i}-${name}`}>{name}</li>
        ))}
      </ul>
      {weddingDate ? <AddToCalendar weddingDate={weddingDate} /> : null}
      <Link to="/" className="button">
        {t("common:backHome")}
      </Link>
    </div>
  );
}
