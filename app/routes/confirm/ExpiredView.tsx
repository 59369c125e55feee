import { Link } from "@remix-run/react";
import { useVenueTimeZone } from "~/root";
import { useTranslation } from "react-i18next";
import { formatLongDate } from "~/lib/dates";

/** After the deadline: confirmation is closed. */
export function ExpiredView({ deadline }: { deadline: string }) {
  const { t, i18n } = useTranslation(["confirm", "common"]);
  const venueZone = useVenueTimeZone();
  return (
    <div className="card center">
      <h1 className="confirm-title">{t("confirm:expired.title")}</h1>
      <p>{t("confirm:expired.description", { date: formatLongDate(deadline, i18n.language, venueZone) })}</p>
      <p>{t("confirm:expired.contact")}</p>
      <Link to="/" className="button">
        {t("common:backHome")}
      </Link>
    </div>
  );
}
