import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type Migration,
  type MigrationProvider,
  type SqliteDialectConfig,
} from "kysely";
import { config } from "~/infra/config.server";
import type { Database } from "~/infra/db-schema";

export type DB = Kysely<Database>;

/**
 * Transactions begin IMMEDIATE: they take the write lock at once, waiting up to busy_timeout for
 * it. A deferred transaction that reads (the capacity check, "already answered?") and then writes
 * fails at once with SQLITE_BUSY when another connection (a second process, a backup, a test
 * fixture) wrote in between; an immediate one simply waits its turn.
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateTransactionsDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new ImmediateTransactionsDriver(this.settings);
  }
}

/** Opens (creating if needed) a SQLite database with the pragmas the app relies on. */
export function openDatabase(file: string): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // WAL + NORMAL is durable against process crashes (kill -9); only a power loss can drop the last commits.
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new ImmediateTransactionsDialect({ database: sqlite }) });
}

// Bundled by Vite, so the built server needs no TypeScript loader at run time.
const migrationModules = import.meta.glob<Migration>("../../db/migrations/*.ts", { eager: true });

const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return Object.fromEntries(Object.entries(migrationModules).map(([file, mod]) => [path.basename(file, ".ts"), mod]));
  },
};

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(database: DB): Promise<void> {
  const migrator = new Migrator({ db: database, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/**
 * Brings the schema up to (and including) the named migration: tests use it to make a database
 * as an earlier version of the site left it, then check that the later migrations keep its data.
 */
export async function migrateTo(database: DB, migrationName: string): Promise<void> {
  const migrator = new Migrator({ db: database, provider: migrationProvider });
  const { error, results } = await migrator.migrateTo(migrationName);
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
}

let instance: DB | undefined;

/** The process-wide database (from DATABASE_PATH). */
export function db(): DB {
  instance ??= openDatabase(config().DATABASE_PATH);
  return instance;
}

/** Tests point the app at their own temporary database. */
export function setDatabaseForTests(database: DB | undefined) {
  instance = database;
}

/** SQLite booleans (0/1) to JavaScript. */
export const bool = (v: number | null | undefined) => v === 1;
