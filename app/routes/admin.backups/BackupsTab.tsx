import { useTranslation } from "react-i18next";
import { dateTimeFormat, fileSize, intlLocale } from "~/lib/format";

export interface BackupsTabProps {
  scheduled: boolean;
  keep: number;
  timeZone: string;
  status: { ok: boolean; at: string; error?: string } | null;
  backups: { name: string; size: number; createdAt: string }[];
}

/**
 * 'Copia de seguridad': the full backup's download (a plain link: a GET, the same with or without
 * JavaScript), the keepsake in the page's language (the readable copy, also on 'Galería'), and the
 * scheduled backups kept on the server with their own links.
 */
export function BackupsTab({ scheduled, keep, timeZone, status, backups }: BackupsTabProps) {
  const { t, i18n } = useTranslation(["backups", "dashboard"]);
  const when = (iso: string) => dateTimeFormat(intlLocale(i18n.language), { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
  return (
    <>
      <section className="card admin-card" aria-labelledby="backup-title">
        <h2 id="backup-title" className="admin-section-title">
          {t("title")}
        </h2>
        <p>{t("intro")}</p>
        <p>
          <a className="button" href="/admin/backup.zip" download>
            {t("download")}
          </a>
        </p>
        <p className="admin-muted">{t("downloadHint")}</p>
        <p className="admin-muted">{t("restoreHint")}</p>
      </section>
      <section className="card" aria-labelledby="keepsake-title">
        <h2 id="keepsake-title" className="admin-section-title">
          {t("keepsakeTitle")}
        </h2>
        <p>
          <a className="button secondary" href={`/admin/keepsake.zip?lang=${i18n.language === "en" ? "en" : "es"}`} download>
            {t("dashboard:gallery.keepsake")}
          </a>
        </p>
        <p className="admin-muted">{t("dashboard:gallery.keepsakeHint")}</p>
        <p className="admin-muted">{t("keepsakeNotBackup")}</p>
      </section>
      <section className="card" aria-labelledby="scheduled-title">
        <h2 id="scheduled-title" className="admin-section-title">
          {t("scheduled.title")}
        </h2>
        {scheduled ? <p>{t("scheduled.on", { keep })}</p> : <p>{t("scheduled.off")}</p>}
        {status && !status.ok ? (
          <p className="admin-error" role="alert">
            {t("scheduled.failed", { date: when(status.at), error: status.error ?? "" })}
          </p>
        ) : null}
        {status?.ok ? <p>{t("scheduled.lastOk", { date: when(status.at) })}</p> : null}
        {scheduled && backups.length === 0 ? <p className="admin-muted">{t("scheduled.empty")}</p> : null}
        {backups.length > 0 ? (
          <ul className="backup-list">
            {backups.map((backup) => (
              <li key={backup.name}>
                <span>{when(backup.createdAt)}</span>
                <span className="admin-muted">{fileSize(backup.size, i18n.language)}</span>
                <a href={`/admin/backup-files/${backup.name}`} download aria-label={t("scheduled.downloadLabel", { date: when(backup.createdAt) })}>
                  {t("scheduled.downloadOne")}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
