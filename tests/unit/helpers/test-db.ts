import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { resetConfigForTests } from "~/infra/config.server";
import { db, migrateToLatest, openDatabase, setDatabaseForTests } from "~/infra/db.server";
import { resetRateLimitsForTests } from "~/infra/rate-limit.server";
import { resetSecretsForTests } from "~/infra/secrets.server";
import { resetSessionsForTests } from "~/infra/session.server";
import { setStorageForTests } from "~/infra/storage.server";
import { createPgDatabase, onPostgres } from "./engine";

/**
 * Gives every test a fresh, migrated database (and a fresh uploads folder), with the environment
 * values given: a SQLite file, or with TEST_DATABASE=postgres a copy of the run's migrated template
 * database (DATABASE_URL; the secrets PostgreSQL requires are set). Returns the paths for assertions.
 */
export function useTestDatabase(
  env: Record<string, string> = {},
  options: {
    /** Why these tests are about the SQLite file (its secrets file, its pragmas): they then run on SQLite in both runs. */
    sqliteOnly?: string;
  } = {},
) {
  const postgres = onPostgres && !options.sqliteOnly;
  const paths = { dir: "", database: "", uploads: "" };
  const saved: Record<string, string | undefined> = {};
  let dropPg: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    paths.dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-unit-"));
    paths.database = path.join(paths.dir, "test.sqlite");
    paths.uploads = path.join(paths.dir, "uploads");
    let pgEnv: Record<string, string> = {};
    if (postgres) {
      const created = await createPgDatabase({ migrated: true });
      dropPg = created.drop;
      pgEnv = { DATABASE_URL: created.url, SESSION_SECRET: "test-session-secret-0123456789" };
    }
    const vars = { DATABASE_PATH: paths.database, UPLOADS_DIR: paths.uploads, ADMIN_PASSWORD: "test-admin-password", ...pgEnv, ...env };
    for (const [k, v] of Object.entries(vars)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    resetConfigForTests();
    resetSecretsForTests();
    resetSessionsForTests();
    resetRateLimitsForTests();
    setStorageForTests(undefined);
    const database = openDatabase(pgEnv.DATABASE_URL ?? paths.database);
    // A PostgreSQL copy comes from the template this run migrated (pg-global-setup.ts).
    if (!postgres) await migrateToLatest(database);
    setDatabaseForTests(database);
  });
  afterEach(async () => {
    await db().destroy();
    setDatabaseForTests(undefined);
    await dropPg?.();
    dropPg = undefined;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
    fs.rmSync(paths.dir, { recursive: true, force: true });
  });
  return paths;
}
