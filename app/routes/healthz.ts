import { sql } from "kysely";
import { db } from "~/infra/db.server";
import { storageHealth } from "~/infra/storage.server";

/** Liveness for a process manager or proxy: the database answers and the file store is writable. */
export async function loader() {
  const checks = { database: false, storage: false };
  try {
    await sql`select 1`.execute(db());
    checks.database = true;
  } catch (error) {
    console.error("healthz: database", error);
  }
  checks.storage = await storageHealth();
  const ok = checks.database && checks.storage;
  return Response.json({ ok, ...checks }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
