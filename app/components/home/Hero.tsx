import { Link } from "@remix-run/react";
import { useVenueTimeZone } from "~/root";
import { useTranslation } from "react-i18next";
import { media } from "~/content/couple";
import { METEOR_COUNT } from "~/lib/constants";
import { formatLongDate } from "~/lib/dates";
import type { Season } from "~/lib/seasons";
import { SafeImage } from "../SafeImage";
import { AddToCalendar } from "./AddToCalendar";
import { Countdown } from "./Countdown";
import { HeroVideo } from "./HeroVideo";

// Fixed (not random) positions so the server and the browser draw the same meteors. The first
// falls 2.5 s after the page opens: while the page loads, its main thread draws no animation.
const meteors = Array.from({ length: METEOR_COUNT }, (_, i) => ({
  left: `${(i * 37 + 11) % 100}%`,
  top: `${((i * 23) % 45) - 10}%`,
  delay: `${(2.5 + ((i * 0.73) % 9)).toFixed(2)}s`,
  duration: `${5 + (i % 5) * 0.9}s`,
}));

/**
 * The hero: the optional background video over a tinted fallback, 20 meteors, the couple's
 * names, the countdown (right in the server's HTML) and the RSVP note with the deadline.
 * The season (the server's clock) decides the rest: after the deadline the note says
 * confirmations are closed and no button leads to the form; after the wedding the countdown
 * steps aside for thanks and a button to share photos.
 */
export function Hero(props: {
  /** The couple's names and city ('Contenido'): data, shown as typed. */
  names: string;
  place: string;
  video: string | null;
  weddingDate: string;
  rsvpDeadline: string;
  now: string;
  confirmed: boolean;
  season: Season;
  rsvpOpen: boolean;
  /** The signed-in admin after the wedding: 'Descargar recuerdo' (a plain download link). */
  keepsake?: boolean;
}) {
  const { t, i18n } = useTranslation("home");
  const venueZone = useVenueTimeZone();
  const lang = i18n.language;
  const { confirmed, rsvpOpen } = props;
  const after = props.season === "after";
  return (
    <section className="hero" aria-labelledby="hero-names">
      <div className="hero-fallback" aria-hidden="true" />
      {props.video ? <HeroVideo src={props.video} /> : null}
      <div className="meteors" aria-hidden="true">
        {meteors.map((m, i) => (
          <span key={i} className="meteor" style={{ left: m.left, top: m.top, animationDelay: m.delay, animationDuration: m.duration }} />
        ))}
      </div>
      <div className="hero-content">
        <SafeImage
          src={media.heroOrnament}
          alt={t("hero.ornamentAlt")}
          width={240}
          height={80}
          loading="eager"
          // React 18 knows the attribute only in lower case.
          {...{ fetchpriority: "high" }}
          className="hero-ornament"
        />
        <p className="hero-eyebrow">{after ? t("hero.after.eyebrow") : t("hero.eyebrow")}</p>
        <h1 id="hero-names" className="hero-names">
          {props.names}
        </h1>
        <p className="hero-date">
          <time dateTime={props.weddingDate}>{formatLongDate(props.weddingDate, lang, venueZone)}</time>
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          {props.place}
        </p>
        {after ? (
          <>
            <p className="hero-thanks">{t("hero.after.thanks")}</p>
            <p className="hero-rsvp">{t("hero.after.note")}</p>
            <Link to="/gallery" className="button hero-cta">
              {t("hero.after.shareCta")}
            </Link>
            {props.keepsake ? (
              <p className="hero-keepsake">
                <a href={`/admin/keepsake.zip?lang=${lang === "en" ? "en" : "es"}`} className="button secondary hero-cta" download>
                  {t("hero.after.keepsake")}
                </a>
                <br />
                <small>{t("hero.after.keepsakeHint")}</small>
              </p>
            ) : null}
          </>
        ) : (
          <>
            <Countdown target={props.weddingDate} serverNow={props.now} />
            <p className="hero-rsvp">
              {rsvpOpen
                ? t("hero.rsvpNote", { date: formatLongDate(props.rsvpDeadline, lang, venueZone) })
                : t("hero.closed.note", { date: formatLongDate(props.rsvpDeadline, lang, venueZone) })}
            </p>
            {confirmed ? (
              <p className="hero-confirmed">{t("hero.confirmedNote")}</p>
            ) : rsvpOpen ? (
              <Link to="/confirm" className="button hero-cta">
                {t("hero.rsvpCta")}
              </Link>
            ) : null}
            <AddToCalendar weddingDate={props.weddingDate} className="hero-calendar" />
          </>
        )}
      </div>
    </section>
  );
}
