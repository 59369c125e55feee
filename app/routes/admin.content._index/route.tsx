import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useVenueTimeZone } from "~/root";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { FormErrors } from "~/components/confirm/FormErrors";
import { contentHistoryAction, loadContentHistory, type ContentImportReply } from "~/http/admin/content.server";
import { screenLoader } from "~/http/admin/tab-action.server";
import { formatDateTime } from "~/lib/dates";

/**
 * 'Historial' (/admin/content): the last 30 saves, each with 'Restaurar' (itself a new save);
 * 'Exportar contenido' and 'Importar contenido' (a preview of what changes, then all or nothing).
 */
export const loader = screenLoader(loadContentHistory);

export const action = contentHistoryAction;

export const ErrorBoundary = AdminScreenError;

export default function ContentHistoryScreen() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("content");
  const venueZone = useVenueTimeZone();
  if (!data) return null;
  const when = (iso: string) => formatDateTime(iso, i18n.language, venueZone);
  return (
    <section className="card admin-card" aria-labelledby="content-history-title">
      <h2 id="content-history-title" className="admin-section-title">
        {t("history.title")}
      </h2>
      <p className="admin-muted">{t("intro")}</p>
      {/* Multimedia's files are replaced in place, never versioned: the list says so rather than leave them out silently. */}
      <p className="admin-muted">{t("history.mediaNotKept")}</p>
      <ScreenNotices ownForms={["importContent"]} />
      {data.history.length === 0 ? (
        <p className="admin-empty">{t("history.empty")}</p>
      ) : (
        <>
          <p className="admin-muted">{t("history.intro")}</p>
          <div className="table-frame">
            <table className="admin-table history-table">
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
      <ContentTransfer />
    </section>
  );
}

/** 'Exportar contenido' (a JSON download) and 'Importar contenido' (file, preview, 'Aplicar todo'). */
function ContentTransfer() {
  const { t } = useTranslation("content");
  const reply = useActionData<ContentImportReply>();
  const imported = reply?.intent === "importContent" ? reply : undefined;
  return (
    <section aria-labelledby="content-transfer-title" className="content-transfer">
      <h3 id="content-transfer-title">{t("transfer.title")}</h3>
      <p className="admin-muted">{t("transfer.exportHelp")}</p>
      <p>
        <a className="button secondary" href="/admin/content/export.json" download>
          {t("transfer.export")}
        </a>
      </p>
      <Form method="post" encType="multipart/form-data" className="admin-form" preventScrollReset>
        <input type="hidden" name="intent" value="previewImport" />
        <label className="import-file">
          {t("transfer.importFile")}
          <input type="file" name="file" accept="application/json,.json" required />
        </label>
        <FormErrors id="content-import-errors" errors={imported?.error?.[""] ?? undefined} />
        <div>
          <button type="submit" className="button secondary">
            {t("transfer.preview")}
          </button>
        </div>
      </Form>
      {imported?.changes ? <ImportPreview changes={imported.changes} file={imported.file ?? ""} /> : null}
    </section>
  );
}

function ImportPreview({ changes, file }: { changes: { section: string; fields: string[] }[]; file: string }) {
  const { t } = useTranslation("content");
  if (changes.length === 0) return <p role="status">{t("transfer.noChanges")}</p>;
  return (
    <div className="card" role="region" aria-labelledby="content-import-preview">
      <h4 id="content-import-preview">{t("transfer.previewTitle")}</h4>
      <ul>
        {changes.map((change) => (
          <li key={change.section}>
            <strong>{t(`nav.${change.section}`, { defaultValue: change.section })}</strong>: {change.fields.join(", ")}
          </li>
        ))}
      </ul>
      <Form method="post" encType="multipart/form-data" preventScrollReset>
        <input type="hidden" name="intent" value="applyImport" />
        <input type="hidden" name="text" value={file} />
        <button type="submit" className="button">
          {t("transfer.apply")}
        </button>
      </Form>
    </div>
  );
}
