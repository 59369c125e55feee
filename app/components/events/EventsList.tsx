import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { eventIn, type SiteEvent } from "~/lib/events";
import { fromVenueLocal } from "~/lib/venue-time";
import { useVenueTimeZone } from "~/root";

/**
 * The events a visitor sees (their invitation's, or the wedding and the public ones), with date,
 * place and description: only once there is more than the wedding, so a site without other
 * events shows what it always did. The couple's texts are data, shown as typed.
 */
export function EventsList({ events }: { events: readonly SiteEvent[] }) {
  const { t, i18n } = useTranslation("events");
  const timeZone = useVenueTimeZone();
  if (events.length < 2) return null;
  return (
    <section className="home-section events-list" aria-labelledby="events-list-title">
      <h2 id="events-list-title" className="section-title">
        {t("listTitle")}
      </h2>
      <ul>
        {events.map((event) => {
          const { name, description } = eventIn(event, i18n.language);
          const map =
            event.latitude !== null && event.longitude !== null
              ? `https://www.openstreetmap.org/?mlat=${event.latitude}&mlon=${event.longitude}#map=16/${event.latitude}/${event.longitude}`
              : null;
          return (
            <li key={event.id} className="card">
              <h3>{name}</h3>
              <p>{formatDateTime(fromVenueLocal(event.startsAt, timeZone), i18n.language, timeZone)}</p>
              {event.place || event.address ? <p>{[event.place, event.address].filter(Boolean).join(", ")}</p> : null}
              {description ? <p className="event-description">{description}</p> : null}
              {map ? (
                <p>
                  <a href={map} target="_blank" rel="noreferrer">
                    {t("map")}
                  </a>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
