import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { migrateTo, openDatabase, type DB } from "~/infra/db.server";

/**
 * A throwaway SQLite file for migration tests, removed after each test. `open(name)` gives the
 * database as the schema stood after the named migration (a database an earlier version of the
 * site left behind); `open()` gives an empty one, not migrated at all.
 */
export function useScratchDatabase() {
  let database: DB | undefined;
  let dir = "";
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = "";
  });
  return async function open(migrationName?: string): Promise<DB> {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-migrate-"));
    database = openDatabase(path.join(dir, "old.sqlite"));
    if (migrationName) await migrateTo(database, migrationName);
    return database;
  };
}
