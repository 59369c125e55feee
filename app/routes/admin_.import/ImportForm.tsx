import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import type { ImportPageResult } from "./import.server";

/** A row's problem in words: the contacts' own messages are the forms' (namespace reminders). */
const problemText = (problem: string) =>
  problem === "phoneInvalid" || problem === "emailInvalid" ? `reminders:contacts.${problem}` : `import.problem.${problem}`;

/**
 * 'Importar CSV': choose a file, see every row with its problems, then 'Crear N invitaciones'.
 * Plain forms (multipart posts): the same with or without JavaScript; the file's text travels
 * back in a hidden field so the second step needs no second upload.
 */
export function ImportForm({ result }: { result: ImportPageResult | undefined }) {
  const { t } = useTranslation("dashboard");
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const preview = result?.preview;
  return (
    <>
      <section className="card admin-card" aria-labelledby="import-upload-title">
        <h2 id="import-upload-title" className="admin-section-title">
          {t("guestList.import")}
        </h2>
        <p className="admin-muted">{t("import.intro")}</p>
        <p>
          <a href="/admin/import-template.csv" download className="button secondary small">
            {t("import.template")}
          </a>
        </p>
        <Form method="post" encType="multipart/form-data" className="admin-form">
          <input type="hidden" name="intent" value="preview" />
          <label className="import-file">
            <span>{t("import.file")}</span>
            <input type="file" name="file" accept=".csv,text/csv" required />
          </label>
          <button type="submit" className="button" disabled={busyIntent === "preview"}>
            {busyIntent === "preview" ? t("import.previewing") : t("import.preview")}
          </button>
        </Form>
        <FormErrors id="import-errors" errors={result?.error ? [result.error] : undefined} />
      </section>
      {preview ? <ImportPreviewTable preview={preview} csv={result?.csv} busy={busyIntent === "create"} /> : null}
    </>
  );
}

function ImportPreviewTable({ preview, csv, busy }: { preview: NonNullable<ImportPageResult["preview"]>; csv: string | undefined; busy: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className="card admin-card" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title" className="admin-section-title">
        {t("import.previewTitle", { count: preview.invitations })}
      </h2>
      {preview.overCapacity ? (
        <p className="admin-warning" role="status">
          {t("import.capacityWarning", { total: preview.totalSeats, capacity: preview.capacity })}
        </p>
      ) : null}
      {preview.ok && csv ? (
        <Form method="post" encType="multipart/form-data" className="admin-form">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="csv" value={csv} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("import.creating") : t("import.create", { count: preview.invitations })}
          </button>
        </Form>
      ) : (
        <p className="form-error" role="alert">
          {t("import.fixFirst")}
        </p>
      )}
      {/* A scrollable region must be focusable so keyboard users can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="table-frame" tabIndex={0} role="region" aria-labelledby="import-preview-title">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("import.line")}</th>
              <th scope="col">{t("import.primaryGuest")}</th>
              <th scope="col">{t("import.maxGuests")}</th>
              <th scope="col">{t("import.language")}</th>
              <th scope="col">{t("import.problems")}</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line}>
                <td data-label={t("import.line")}>{row.line}</td>
                <td data-label={t("import.primaryGuest")}>{row.primaryGuest}</td>
                <td data-label={t("import.maxGuests")}>{row.maxGuests}</td>
                <td data-label={t("import.language")}>{row.language || "es"}</td>
                <td data-label={t("import.problems")}>
                  {row.problems.length === 0 ? (
                    <span className="badge badge-green">{t("import.noProblems")}</span>
                  ) : (
                    <ul className="import-problems">
                      {row.problems.map((p) => (
                        <li key={p}>{t(problemText(p))}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
