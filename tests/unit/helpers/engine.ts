import crypto from "node:crypto";
import { inject } from "vitest";
import { adminQuery } from "../../helpers/pg-cluster";
import { TEMPLATE_DATABASE } from "./pg-global-setup";

/** The engine this run tests: SQLite (npm run test:unit) or PostgreSQL (npm run test:unit:pg). */
export const onPostgres = process.env.TEST_DATABASE === "postgres";

/**
 * A fresh PostgreSQL database on the run's cluster: a copy of the migrated template (fast), or an
 * empty one (`migrated: false`) for the migration tests. `drop()` removes it, connections or not.
 */
export async function createPgDatabase({ migrated }: { migrated: boolean }): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject("pgUrl");
  const name = `t_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  // FILE_COPY copies the files after a checkpoint, which fsync=off makes cheap: about 4× faster than
  // the default WAL_LOG (which writes every page to the WAL) for databases this small.
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${migrated ? TEMPLATE_DATABASE : "template0"} STRATEGY FILE_COPY`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
