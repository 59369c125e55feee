import { useTranslation } from "react-i18next";
import type { HomeFacts } from "~/models/content-texts.server";
import type { GiftOptions as Options } from "~/lib/content-extras";
import { SafeImage } from "../SafeImage";
import { GiftOptions } from "./GiftOptions";

/** Six cards: dress code, ceremony, buffet, toast, dance, gifts (image, title, subtitle, description; the gifts card also the options filled in). */
// The cards' texts are the couple's (data; the times they quote are put in by homeFacts).
export function InfoCards({ infoCards, gifts }: Pick<HomeFacts, "infoCards"> & { gifts: Options | null }) {
  const { t } = useTranslation("home");
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
              <h3 id={`info-${card.id}`}>{card.title}</h3>
              <p className="info-subtitle">{card.subtitle}</p>
              <p>{card.description}</p>
              {card.id === "gifts" && gifts ? <GiftOptions options={gifts} place="gifts-card" level="h4" /> : null}
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
