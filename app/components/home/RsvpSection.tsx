import { Link } from "@remix-run/react";
import { useVenueTimeZone } from "~/root";
import { useTranslation } from "react-i18next";
import { formatLongDate } from "~/lib/dates";

/**
 * The closing call to action. Once the stored invitation is answered (a "yes" or a "no") the
 * button is disabled and says which; after the deadline (`open` false, the server's clock) it
 * says confirmations are closed and leads to no form. This comes from the server, so it is right
 * without JavaScript too.
 */
export function RsvpSection({ deadline, confirmed, declined = false, open }: { deadline: string; confirmed: boolean; declined?: boolean; open: boolean }) {
  const { t, i18n } = useTranslation("home");
  const venueZone = useVenueTimeZone();
  const date = formatLongDate(deadline, i18n.language, venueZone);
  return (
    <section className="home-section rsvp-section" aria-labelledby="rsvp-title">
      <div className="card rsvp-card">
        <h2 id="rsvp-title" className="section-title">
          {t("rsvp.title")}
        </h2>
        <p>{open ? t("rsvp.description") : t("rsvp.closed.description", { date })}</p>
        <p className="rsvp-deadline">{t("rsvp.deadline", { date })}</p>
        {confirmed || declined ? (
          <button type="button" className="button" disabled>
            {t(declined ? "rsvp.declined" : "rsvp.confirmed")}
          </button>
        ) : !open ? (
          <button type="button" className="button" disabled>
            {t("rsvp.closed.button")}
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
