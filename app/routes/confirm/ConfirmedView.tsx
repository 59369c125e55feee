import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData, useVenueTimeZone } from "~/root";
import { formatLongDate } from "~/lib/dates";
import { AddToCalendar } from "~/components/home/AddToCalendar";
import { CheckCircleIcon } from "~/components/icons/index";
import { dishName, type MenuOptions } from "~/lib/menu";

interface ConfirmedInvitation {
  primaryGuest: string;
  message?: string | null;
  guests: { id: number; fullName: string; dietary?: string | null; dishId?: number | null; isChild?: boolean }[];
}

/** Each table the invitation's people sit at, once the couple publishes the tables (app/models/tables.server.ts). */
interface GuestSeat {
  table: string;
  people: string[];
  others: string[];
}

/**
 * The already-confirmed view: thanks, the confirmed guests with their dietary notes, their table,
 * and the message. `changeUntil` (the deadline) only while the answer may be changed (decision 0062).
 */
export function ConfirmedView({
  invitation,
  menu = null,
  seating = null,
  changeUntil = null,
}: {
  invitation: ConfirmedInvitation;
  menu?: MenuOptions | null;
  seating?: GuestSeat[] | null;
  changeUntil?: string | null;
}) {
  const { t, i18n } = useTranslation(["confirm", "common"]);
  const dishOf = (id: number | null | undefined) => menu?.dishes.find((d) => d.id === id);
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
            {dishOf(g.dishId) ? (
              <span className="confirmed-dietary">{t("confirm:menu.dishNote", { dish: dishName(dishOf(g.dishId)!, i18n.language) })}</span>
            ) : null}
            {menu?.askChildren && g.isChild ? <span className="confirmed-dietary">{t("confirm:menu.childNote")}</span> : null}
          </li>
        ))}
      </ul>
      {seating?.length ? <YourTable seating={seating} /> : null}
      {invitation.message ? (
        <>
          <h2 className="confirmed-guests-title">{t("confirm:answer.message")}</h2>
          <p className="confirmed-message">{invitation.message}</p>
        </>
      ) : null}
      {changeUntil ? <ChangeAnswerLink deadline={changeUntil} /> : null}
      {weddingDate ? <AddToCalendar weddingDate={weddingDate} /> : null}
      <Link to="/" className="button">
        {t("common:backHome")}
      </Link>
    </div>
  );
}

/** 'Cambiar mi respuesta': a plain link to the form filled with the stored answer (a GET changes nothing). */
function ChangeAnswerLink({ deadline }: { deadline: string }) {
  const { t, i18n } = useTranslation("confirm");
  const venueZone = useVenueTimeZone();
  return (
    <div className="confirmed-change">
      <p>{t("change.hint", { date: formatLongDate(deadline, i18n.language, venueZone) })}</p>
      <Link to="/confirm?step=edit" className="button secondary">
        {t("change.button")}
      </Link>
    </div>
  );
}

/** 'Tu mesa: Mesa 3' and 'Con: Ana, Luis'; when the couple split the invitation, each person's table. */
function YourTable({ seating }: { seating: GuestSeat[] }) {
  const { t } = useTranslation("tables");
  return (
    <div className="confirmed-table">
      {seating.map((seat, i) => (
        <p key={i}>
          <strong>
            {seating.length === 1 ? t("guest.yourTable", { table: seat.table }) : t("guest.personTable", { people: seat.people.join(", "), table: seat.table })}
          </strong>
          {seat.others.length ? (
            <>
              <br />
              {t("guest.with", { names: seat.others.join(", ") })}
            </>
          ) : null}
        </p>
      ))}
    </div>
  );
}
