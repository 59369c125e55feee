import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { mapUrls } from "~/lib/venue-links";
import type { HomeFacts } from "~/models/content-texts.server";
import { formatTime } from "~/lib/format";
import { pictureAlt } from "~/lib/picture-alt";
import { SafeImage } from "../SafeImage";

/** True unless the browser says it is offline; follows the online/offline events. */
function useOnline(): boolean {
  // The server and the first browser render agree (online); the effect corrects it.
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine !== false);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * Venue and city, the ceremony and reception cards, and the map: an OpenStreetMap frame loaded
 * lazily (only when scrolled near), never holding up the page, replaced by a note when the
 * browser is offline. The plain link below it is always there and works without the frame.
 * The venue, city and descriptions are the couple's ('Contenido'): data, shown as typed.
 */
export function Location({ venue, schedule, place, names }: Pick<HomeFacts, "venue" | "schedule" | "names"> & { place: { venue: string; city: string } }) {
  const { t, i18n } = useTranslation("home");
  const online = useOnline();
  const map = mapUrls(venue);
  const events = [
    { id: "ceremony", ...schedule.ceremony },
    { id: "reception", ...schedule.reception },
  ] as const;
  return (
    <section className="home-section location" aria-labelledby="location-title">
      <h2 id="location-title" className="section-title">
        {t("location.title")}
      </h2>
      <p className="location-venue">
        <strong>{place.venue}</strong>
        <span className="location-city">{place.city}</span>
      </p>
      <div className="event-grid">
        {events.map((e) => (
          <article key={e.id} className="card event-card" aria-labelledby={`event-${e.id}`}>
            <SafeImage
              src={e.image}
              alt={pictureAlt(
                e.imageAlt,
                () => t(`location.${e.id}ImageAlt`),
                () => t("location.photoAlt", { names, event: t(`location.${e.id}`) }),
              )}
              width={800}
              height={600}
              className="event-image"
            />
            <div className="event-body">
              <h3 id={`event-${e.id}`}>{t(`location.${e.id}`)}</h3>
              <p className="event-time">{t("location.timeRange", { start: formatTime(e.start, i18n.language), end: formatTime(e.end, i18n.language) })}</p>
              <p>{e.description}</p>
            </div>
          </article>
        ))}
      </div>
      <div className="map card">
        <div className="map-frame-wrap">
          {/* Behind the frame: seen while it loads or if it cannot load; alone when offline. */}
          <div className="map-backdrop" aria-hidden={online || undefined}>
            <svg
              width="32"
              height="32"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
              <circle cx="12" cy="9.5" r="2.5" />
            </svg>
            <strong>{place.venue}</strong>
            <p role={online ? undefined : "status"}>{online ? t("location.mapLoading") : t("location.mapOffline")}</p>
          </div>
          {online ? (
            <iframe
              title={t("location.mapTitle")}
              src={map.embed}
              loading="lazy"
              referrerPolicy="no-referrer"
              sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              className="map-frame"
            />
          ) : null}
        </div>
        <p className="map-link">
          <a className="button secondary" href={map.link} target="_blank" rel="noopener noreferrer">
            {t("location.openMap")}
          </a>
        </p>
      </div>
    </section>
  );
}
