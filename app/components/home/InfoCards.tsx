import { useTranslation } from "react-i18next";
import type { HomeFacts } from "~/models/content-texts.server";
import { pictureAlt } from "~/lib/picture-alt";
import { SafeImage } from "../SafeImage";

/**
 * Six cards (image, title, subtitle, description), each showing only its own texts. The couple
 * may rename any card (the sixth is 'Regalos' in the demo, 'Transporte' for another couple), so no
 * card carries content its title does not announce: the gift options have one place, the
 * 'Regalos' section (GiftsSection).
 */
// The cards' texts are the couple's (data; the times they quote are put in by homeFacts).
export function InfoCards({ infoCards, names }: Pick<HomeFacts, "infoCards" | "names">) {
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
            <SafeImage
              src={card.image}
              alt={pictureAlt(
                card.imageAlt,
                () => t(`info.${card.id}.imageAlt`),
                () => t("info.photoAlt", { names, title: card.title }),
              )}
              width={600}
              height={400}
              className="info-image"
            />
            <div className="info-body">
              <h3 id={`info-${card.id}`}>{card.title}</h3>
              <p className="info-subtitle">{card.subtitle}</p>
              <p>{card.description}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
