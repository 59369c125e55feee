import { useTranslation } from "react-i18next";
import { eventIn, type EventTotals, type SiteEvent } from "~/lib/events";

/**
 * Estadísticas' per-event totals: people attending, people not (or a "no"'s seats), seats still
 * pending. Shown only once the couple has an event beside the wedding.
 */
export function EventStatsTable({ byEvent }: { byEvent: { event: SiteEvent; totals: EventTotals }[] }) {
  const { t, i18n } = useTranslation("events");
  if (byEvent.length < 2) return null;
  return (
    <section className="card admin-card" aria-labelledby="event-stats-title">
      <h2 id="event-stats-title" className="admin-section-title">
        {t("stats.title")}
      </h2>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t("stats.event")}</th>
            <th scope="col">{t("stats.confirmed")}</th>
            <th scope="col">{t("stats.declined")}</th>
            <th scope="col">{t("stats.pending")}</th>
          </tr>
        </thead>
        <tbody>
          {byEvent.map(({ event, totals }) => (
            <tr key={event.id}>
              <th scope="row">{eventIn(event, i18n.language).name}</th>
              <td>{totals.confirmed}</td>
              <td>{totals.declined}</td>
              <td>{totals.pending}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
