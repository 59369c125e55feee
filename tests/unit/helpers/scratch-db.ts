import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { migrateTo, openDatabase, type DB } from "~/infra/db.server";
import { createPgDatabase, onPostgres } from "./engine";

/**
 * A throwaway database for migration tests (a SQLite file, or an empty PostgreSQL database with
 * TEST_DATABASE=postgres), removed after each test. `open(name)` gives the
 * database as the schema stood after the named migration (a database an earlier version of the
 * site left behind); `open()` gives an empty one, not migrated at all.
 */
export function useScratchDatabase() {
  let database: DB | undefined;
  let dir = "";
  let dropPg: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
    await dropPg?.();
    dropPg = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = "";
  });
  return async function open(migrationName?: string): Promise<DB> {
    if (onPostgres) {
      const created = await createPgDatabase({ migrated: false });
      dropPg = created.drop;
      database = openDatabase(created.url);
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-migrate-"));
      database = openDatabase(path.join(dir, "old.sqlite"));
    }
    if (migrationName) await migrateTo(database, migrationName);
    return database;
  };
}
