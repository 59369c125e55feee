import { sql } from "kysely";
import { db } from "~/infra/db.server";
import { freeDiskBytes } from "~/infra/disk-space.server";
import { storageHealth } from "~/infra/storage.server";
import { lastBackupStatus } from "~/models/backup-schedule.server";

/**
 * Liveness for a process manager or proxy: the database answers and the file store is writable.
 * `freeDiskMb` is the free space on the uploads' disk (UPLOADS_DIR; with S3, the temp folder), for
 * monitoring: guests' photos are refused under MIN_FREE_DISK_MB (null: it could not be read).
 * `backup` is the last scheduled backup (BACKUP_DIR): `{ ok, at, error? }`, null when none has run
 * or the schedule is off; a failed one does not fail the check (the site itself serves).
 */
export async function loader() {
  const checks = { database: false, storage: false };
  try {
    await sql`select 1`.execute(db());
    checks.database = true;
  } catch (error) {
    console.error("healthz: database", error);
  }
  checks.storage = await storageHealth();
  const free = await freeDiskBytes();
  const ok = checks.database && checks.storage;
  const last = checks.database ? await lastBackupStatus().catch(() => null) : null;
  const backup = last ? { ok: last.ok, at: last.at, ...(last.error ? { error: last.error } : {}) } : null;
  const freeDiskMb = free === null ? null : Math.floor(free / (1024 * 1024));
  return Response.json({ ok, ...checks, freeDiskMb, backup }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
