import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";
import { BackupsTab } from "./BackupsTab";
import { loadBackupsScreen } from "./backups.server";

/**
 * 'Copia de seguridad' (/admin/backups): the full backup's download (/admin/backup.zip) and the
 * scheduled backups (BACKUP_DIR), each with its date, size and link (decision 0051). No form: it
 * only reads.
 */
export const loader = screenLoader(loadBackupsScreen);

export const ErrorBoundary = AdminScreenError;

export default function BackupsScreen() {
  const { t } = useTranslation("backups");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  const { backups, status } = data;
  if (isLoadError(backups) || isLoadError(status)) return <LoadFailed message={t("loadError")} />;
  return <BackupsTab scheduled={data.scheduled} keep={data.keep} timeZone={data.timeZone} status={status} backups={backups} />;
}
