import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ContentField, PairField } from "~/components/admin/ContentEditor";
import { ContentRows, ContentScreen } from "~/components/admin/ContentRows";
import { contentRowsAction, contentRowsLoader } from "~/http/admin/content-extras.server";
import { CONTENT_LIMITS, EXTRAS_LIMITS, type ProgrammeContent } from "~/lib/content-schemas";

/**
 * 'Programa del día' (/admin/content/programme): the day's moments, a time and a title each, in the
 * couple's order (up and down). The home page shows it sorted by time from the day before the
 * wedding to the day after; a table card's page shows it always (decision 0060).
 */
export const loader = contentRowsLoader("programme");

export const action = contentRowsAction("programme");

export const ErrorBoundary = AdminScreenError;

const empty = { es: "", en: "" };

export default function ProgrammeScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contentExtras");
  if (!data) return null;
  const { value } = data;
  return (
    <ContentScreen section="programme" version={value}>
      <p className="admin-muted">{t("admin.programme.help")}</p>
      <ContentRows<ProgrammeContent["entries"][number]>
        list="entries"
        saved={value.entries}
        max={EXTRAS_LIMITS.programme}
        legend={(n) => t("admin.programme.item", { n })}
        addLabel={t("admin.programme.add")}
        removeLabel={(n) => t("admin.programme.remove", { n })}
        empty={t("admin.programme.empty")}
        reorder={{ upLabel: (n) => t("admin.programme.up", { n }), downLabel: (n) => t("admin.programme.down", { n }) }}
        renderRow={(prefix, saved) => (
          <>
            <ContentField name={`${prefix}.time`} label={t("admin.programme.time")} type="time" saved={saved?.time} max={5} />
            <PairField name={`${prefix}.title`} label={t("admin.programme.title")} saved={saved?.title ?? empty} max={CONTENT_LIMITS.title} />
          </>
        )}
      />
    </ContentScreen>
  );
}
