import { useTranslation } from "react-i18next";
import { telHref } from "~/lib/venue-links";
import type { HomeFacts } from "~/models/content-texts.server";
import { formatPrice, formatTime } from "~/lib/format";

/** Apartments with beds and prices, check-in/out, the reservation contact and the notes. */
/** The couple's texts (introduction, names, beds, the contact's role and text, notes) are data from 'Contenido', shown as typed; one left empty is not shown. */
export function Accommodation({ accommodation }: { accommodation: HomeFacts["accommodation"] }) {
  const { t, i18n } = useTranslation("home");
  const lang = i18n.language;
  const { contact, currency } = accommodation;
  return (
    <section className="home-section band accommodation" aria-labelledby="accommodation-title">
      <h2 id="accommodation-title" className="section-title">
        {t("accommodation.title")}
      </h2>
      {accommodation.intro ? <p className="section-subtitle">{accommodation.intro}</p> : null}
      <div className="apartment-grid">
        {accommodation.apartments.map((a) => (
          <article key={a.id} className="card apartment" aria-labelledby={`apt-${a.id}`}>
            <h3 id={`apt-${a.id}`}>{a.name}</h3>
            <p className="apartment-beds">
              <span className="visually-hidden">{t("accommodation.bedsLabel")}: </span>
              {a.beds}
            </p>
            <dl className="prices">
              <div>
                <dt>{t("accommodation.firstNight")}</dt>
                <dd>{formatPrice(a.firstNight, currency, lang)}</dd>
              </div>
              <div>
                <dt>{t("accommodation.extraNight")}</dt>
                <dd>{formatPrice(a.extraNight, currency, lang)}</dd>
              </div>
            </dl>
          </article>
        ))}
      </div>
      <dl className="check-times">
        <div>
          <dt>{t("accommodation.checkIn")}</dt>
          <dd>{formatTime(accommodation.checkIn, lang)}</dd>
        </div>
        <div>
          <dt>{t("accommodation.checkOut")}</dt>
          <dd>{formatTime(accommodation.checkOut, lang)}</dd>
        </div>
      </dl>
      <div className="card contact">
        <h3>{t("accommodation.contactTitle")}</h3>
        {accommodation.contactText ? <p>{accommodation.contactText}</p> : null}
        <p className="contact-name">
          {contact.name}
          {accommodation.contactRole ? <span className="contact-role">{accommodation.contactRole}</span> : null}
        </p>
        <p className="contact-links">
          <a className="button secondary" href={telHref(contact.phone)}>
            {t("accommodation.call", { phone: contact.phone })}
          </a>
          <a className="button secondary" href={`mailto:${contact.email}`}>
            {t("accommodation.email", { email: contact.email })}
          </a>
        </p>
      </div>
      {accommodation.importantNote ? <p className="note important">{accommodation.importantNote}</p> : null}
      {accommodation.availabilityNote ? <p className="note">{accommodation.availabilityNote}</p> : null}
    </section>
  );
}
