import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { PairField } from "~/components/admin/ContentEditor";
import { ContentRows, ContentScreen } from "~/components/admin/ContentRows";
import { contentRowsAction, contentRowsLoader } from "~/http/admin/content-extras.server";
import { CONTENT_LIMITS, EXTRAS_LIMITS, type FaqContent } from "~/lib/content-schemas";

/** 'Preguntas frecuentes' (/admin/content/faq): question and answer pairs; the home page shows the section only when there is one. */
export const loader = contentRowsLoader("faq");

export const action = contentRowsAction("faq");

export const ErrorBoundary = AdminScreenError;

const empty = { es: "", en: "" };

export default function FaqScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contentExtras");
  if (!data) return null;
  const { value } = data;
  return (
    <ContentScreen section="faq" version={value}>
      <ContentRows<FaqContent["questions"][number]>
        list="questions"
        saved={value.questions}
        max={EXTRAS_LIMITS.questions}
        legend={(n) => t("admin.faq.item", { n })}
        addLabel={t("admin.faq.add")}
        removeLabel={(n) => t("admin.faq.remove", { n })}
        empty={t("admin.faq.empty")}
        renderRow={(prefix, saved) => (
          <>
            <PairField name={`${prefix}.question`} label={t("admin.faq.question")} saved={saved?.question ?? empty} max={CONTENT_LIMITS.title} />
            <PairField name={`${prefix}.answer`} label={t("admin.faq.answer")} saved={saved?.answer ?? empty} multiline max={CONTENT_LIMITS.text} />
          </>
        )}
      />
    </ContentScreen>
  );
}
