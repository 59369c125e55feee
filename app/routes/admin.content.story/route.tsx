import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ContentForm, PairField } from "~/components/admin/ContentEditor";
import { ContentPictures } from "~/components/admin/ContentPictures";
import { contentSectionAction, contentSectionLoader } from "~/http/admin/content.server";
import { momentImages } from "~/lib/content-pictures";
import { CONTENT_LIMITS, inLanguage } from "~/lib/content-schemas";

/** 'Historia' (/admin/content/story): the six moments' titles and descriptions, and their photos. */
export const loader = contentSectionLoader("story");

export const action = contentSectionAction("story");

export const ErrorBoundary = AdminScreenError;

export default function StoryScreen() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("content");
  const { t: tm } = useTranslation("contentMedia");
  if (!data) return null;
  const { value } = data;
  return (
    <section className="card admin-card" aria-labelledby="content-story-title">
      <h2 id="content-story-title" className="admin-section-title">
        {t("nav.story")}
      </h2>
      <ContentForm id="content-story" version={value}>
        {value.moments.map((moment, i) => (
          <fieldset key={i} className="content-group">
            <legend>
              {t("story.moment", { n: i + 1 })} · {moment.title.es}
            </legend>
            <PairField name={`moments[${i}].title`} label={t("story.title")} saved={moment.title} max={CONTENT_LIMITS.title} />
            <PairField name={`moments[${i}].description`} label={t("story.description")} saved={moment.description} multiline max={CONTENT_LIMITS.text} />
          </fieldset>
        ))}
      </ContentForm>
      <ContentPictures
        pictures={value.moments.flatMap((moment, i) =>
          momentImages(value, i).map((src, photo) => ({
            target: { section: "story" as const, moment: i, photo },
            src,
            label: tm("pictures.photo", { name: inLanguage(moment.title, i18n.language), n: photo + 1 }),
            description: moment.imageDescriptions?.[photo],
          })),
        )}
      />
    </section>
  );
}
