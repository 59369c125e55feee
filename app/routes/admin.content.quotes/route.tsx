import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ContentForm, PairField, RowControls } from "~/components/admin/ContentEditor";
import { contentSectionAction, contentSectionLoader } from "~/http/admin/content.server";
import { CONTENT_LIMITS } from "~/lib/content-schemas";

/** 'Frases' (/admin/content/quotes): the quotes in their order, each with an optional author; add, remove, reorder. */
export const loader = contentSectionLoader("quotes");

export const action = contentSectionAction("quotes");

export const ErrorBoundary = AdminScreenError;

const EMPTY = { text: { es: "", en: "" }, author: { es: "", en: "" } };

export default function QuotesScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  if (!data) return null;
  const { quotes } = data.value;
  // One empty row to fill in, while there is room for another.
  const rows = quotes.length < CONTENT_LIMITS.quotes ? [...quotes, EMPTY] : quotes;
  return (
    <section className="card admin-card" aria-labelledby="content-quotes-title">
      <h2 id="content-quotes-title" className="admin-section-title">
        {t("nav.quotes")}
      </h2>
      <ContentForm id="content-quotes" version={data.value}>
        <p className="admin-muted">{t("list.help")}</p>
        {rows.map((quote, i) => {
          const added = i === quotes.length;
          return (
            <fieldset key={i} className="content-group">
              <legend>{added ? t("quotes.new") : t("quotes.quote", { n: i + 1 })}</legend>
              <PairField name={`quotes[${i}].text`} label={t("quotes.text")} saved={quote.text} multiline max={CONTENT_LIMITS.quote} />
              <PairField name={`quotes[${i}].author`} label={t("quotes.author")} saved={quote.author} max={CONTENT_LIMITS.name} />
              <RowControls name="quotes" index={i} removeLabel={added ? undefined : t("quotes.remove", { n: i + 1 })} />
            </fieldset>
          );
        })}
      </ContentForm>
    </section>
  );
}
