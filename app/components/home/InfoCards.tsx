import { useTranslation } from "react-i18next";
import type { HomeFacts } from "~/models/content.server";
import { formatTime } from "~/lib/format";
import { SafeImage } from "../SafeImage";

/** Six cards: dress code, ceremony, buffet, toast, dance, gifts (image, title, subtitle, description). */
export function InfoCards({ infoCards, schedule }: Pick<HomeFacts, "infoCards" | "schedule">) {
  const { t, i18n } = useTranslation("home");
  // Times the texts may quote ("{{ceremonyStart}}"), formatted for the page's language.
  const times = {
    ceremonyStart: formatTime(schedule.ceremony.start, i18n.language),
    receptionEnd: formatTime(schedule.reception.end, i18n.language),
  };
  return (
    <section className="home-section band info" aria-labelledby="info-title">
      <h2 id="info-title" className="section-title">
        {t("info.title")}
      </h2>
      <p className="section-subtitle">{t("info.subtitle")}</p>
      <div className="info-grid">
        {infoCards.map((card) => (
          <article key={card.id} id={card.id} className="info-card card" aria-labelledby={`info-${card.id}`}>
            <SafeImage src={card.image} alt={t(`info.${card.id}.imageAlt`)} width={600} height={400} className="info-image" />
            <div className="info-body">
              <h3 id={`info-${card.id}`}>{t(`info.${card.id}.title`)}</h3>
              <p className="info-subtitle">{t(`info.${card.id}.subtitle`, times)}</p>
              <p>{t(`info.${card.id}.description`, times)}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
