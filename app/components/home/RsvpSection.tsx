import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatLongDate } from "~/lib/dates";

/**
 * The closing call to action. Once the stored invitation is confirmed the button is disabled
 * and says so; this comes from the server, so it is right without JavaScript too.
 */
export function RsvpSection({ deadline, confirmed, declined = false }: { deadline: string; confirmed: boolean; declined?: boolean }) {
  const { t, i18n } = useTranslation("home");
  return (
    <section className="home-section rsvp-section" aria-labelledby="rsvp-title">
      <div className="card rsvp-card">
        <h2 id="rsvp-title" className="section-title">
          {t("rsvp.title")}
        </h2>
        <p>{t("rsvp.description")}</p>
        <p className="rsvp-deadline">{t("rsvp.deadline", { date: formatLongDate(deadline, i18n.language) })}</p>
        {confirmed || declined ? (
          // A "no" is an answer too: disabled, saying which.
          <button type="button" className="button" disabled>
            {t(declined ? "rsvp.declined" : "rsvp.confirmed")}
          </button>
        ) : (
          <Link to="/confirm" className="button">
            {t("rsvp.button")}
          </Link>
        )}
      </div>
    </section>
  );
}
