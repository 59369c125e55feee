import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ContentForm, PairField } from "~/components/admin/ContentEditor";
import { ContentPictures } from "~/components/admin/ContentPictures";
import { contentSectionAction, contentSectionLoader } from "~/http/admin/content.server";
import { cardImage } from "~/lib/content-pictures";
import { CONTENT_LIMITS, inLanguage } from "~/lib/content-schemas";

/** 'Información' (/admin/content/info): the six cards' titles, subtitles and descriptions, and their images. */
export const loader = contentSectionLoader("info");

export const action = contentSectionAction("info");

export const ErrorBoundary = AdminScreenError;

// The texts may quote the times as placeholders; the note shows them as typed.
const PLACEHOLDERS = { ceremonyStart: "{{ceremonyStart}}", receptionEnd: "{{receptionEnd}}" };

export default function InfoScreen() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("content");
  if (!data) return null;
  const { value } = data;
  return (
    <section className="card admin-card" aria-labelledby="content-info-title">
      <h2 id="content-info-title" className="admin-section-title">
        {t("nav.info")}
      </h2>
      <ContentForm id="content-info" version={value}>
        <p className="admin-muted">{t("info.placeholders", PLACEHOLDERS)}</p>
        {value.cards.map((card, i) => (
          <fieldset key={i} className="content-group">
            <legend>
              {t("info.card", { n: i + 1 })} · {card.title.es}
            </legend>
            <PairField name={`cards[${i}].title`} label={t("info.title")} saved={card.title} max={CONTENT_LIMITS.title} />
            <PairField name={`cards[${i}].subtitle`} label={t("info.subtitle")} saved={card.subtitle} max={CONTENT_LIMITS.title} />
            <PairField name={`cards[${i}].description`} label={t("info.description")} saved={card.description} multiline max={CONTENT_LIMITS.text} />
          </fieldset>
        ))}
      </ContentForm>
      <ContentPictures
        pictures={value.cards.map((card, i) => ({
          target: { section: "info" as const, card: i },
          src: cardImage(value, i),
          label: inLanguage(card.title, i18n.language),
          description: card.imageDescription,
        }))}
      />
    </section>
  );
}
