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

/**
 * Gives every test a fresh, migrated SQLite file (and a fresh uploads folder),
 * with the environment values given. Returns the paths for assertions.
 */
export function useTestDatabase(env: Record<string, string> = {}) {
  const paths = { dir: "", database: "", uploads: "" };
  const saved: Record<string, string | undefined> = {};
  beforeEach(async () => {
    paths.dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-unit-"));
    paths.database = path.join(paths.dir, "test.sqlite");
    paths.uploads = path.join(paths.dir, "uploads");
    const vars = { DATABASE_PATH: paths.database, UPLOADS_DIR: paths.uploads, ADMIN_PASSWORD: "test-admin-password", ...env };
    for (const [k, v] of Object.entries(vars)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    resetConfigForTests();
    resetSecretsForTests();
    resetSessionsForTests();
    resetRateLimitsForTests();
    setStorageForTests(undefined);
    const database = openDatabase(paths.database);
    await migrateToLatest(database);
    setDatabaseForTests(database);
  });
  afterEach(async () => {
    await db().destroy();
    setDatabaseForTests(undefined);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
    fs.rmSync(paths.dir, { recursive: true, force: true });
  });
  return paths;
}
