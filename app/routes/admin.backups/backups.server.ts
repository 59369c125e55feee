import { config } from "~/infra/config.server";
import { attempt } from "~/http/admin/tab-action.server";
import { lastBackupStatus, listBackups } from "~/models/backup-schedule.server";
import { weddingDates } from "~/models/content-dates.server";

/** 'Copia de seguridad': whether backups are scheduled, the last one's outcome and the files kept. */
export async function loadBackupsScreen() {
  const scheduled = Boolean(config().BACKUP_DIR);
  return {
    scheduled,
    keep: config().BACKUP_KEEP,
    timeZone: (await weddingDates()).timeZone,
    status: scheduled ? await attempt("the last backup", lastBackupStatus) : null,
    backups: await attempt("the backups", listBackups),
  };
}
