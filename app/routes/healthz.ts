import { sql } from "kysely";
import { db } from "~/infra/db.server";
import { freeDiskBytes } from "~/infra/disk-space.server";
import { storageHealth } from "~/infra/storage.server";

/**
 * Liveness for a process manager or proxy: the database answers and the file store is writable.
 * `freeDiskMb` is the free space on the uploads' disk (UPLOADS_DIR; with S3, the temp folder), for
 * monitoring: guests' photos are refused under MIN_FREE_DISK_MB (null: it could not be read).
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
  const freeDiskMb = free === null ? null : Math.floor(free / (1024 * 1024));
  return Response.json({ ok, ...checks, freeDiskMb }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
