import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { contentHistoryAction, loadContentHistory } from "~/http/admin/content.server";
import { screenLoader } from "~/http/admin/tab-action.server";
import { formatDateTime } from "~/lib/dates";

/** 'Historial' (/admin/content): the last 30 saves, each with 'Restaurar' (itself a new save). */
export const loader = screenLoader(loadContentHistory);

export const action = contentHistoryAction;

export const ErrorBoundary = AdminScreenError;

export default function ContentHistoryScreen() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("content");
  if (!data) return null;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <section className="card admin-card" aria-labelledby="content-history-title">
      <h2 id="content-history-title" className="admin-section-title">
        {t("history.title")}
      </h2>
      <p className="admin-muted">{t("intro")}</p>
      <ScreenNotices />
      {data.history.length === 0 ? (
        <p className="admin-empty">{t("history.empty")}</p>
      ) : (
        <>
          <p className="admin-muted">{t("history.intro")}</p>
          <div className="table-frame">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("history.when")}</th>
                  <th scope="col">{t("history.section")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("history.restore")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.history.map((save) => (
                  <tr key={save.id}>
                    <td>{when(save.savedAt)}</td>
                    <td>{t(`nav.${save.section}`, { defaultValue: save.section })}</td>
                    <td>
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="restoreContent" />
                        <input type="hidden" name="id" value={save.id} />
                        <button
                          type="submit"
                          className="button secondary small"
                          aria-label={t("history.restoreLabel", {
                            section: t(`nav.${save.section}`, { defaultValue: save.section }),
                            when: when(save.savedAt),
                          })}
                        >
                          {t("history.restore")}
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
