import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { createRequire } from "node:module";
import type pgModule from "pg";
import {
  CompiledQuery,
  Kysely,
  sql,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type TransactionSettings,
} from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import { config } from "~/infra/config.server";
import type { Database } from "~/infra/db-schema";

import { isPostgres } from "~/infra/sql-dialect.server";

export { isPostgres };

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

/**
 * PostgreSQL's read committed transactions do not serialise a read-then-write (two capacity checks
 * could both pass): each transaction first takes one transaction-scoped advisory lock, so on both
 * engines one writing transaction runs at a time, as SQLite's IMMEDIATE gives. Writes are rare here
 * (answers, admin edits), so waiting costs nothing noticeable; plain queries never take it.
 */
const TRANSACTION_LOCK = 0x77656464; // "wedd"

class SerialTransactionsDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${TRANSACTION_LOCK})`));
  }
}

class SerialTransactionsDialect extends PostgresDialect {
  constructor(private readonly settings: PostgresDialectConfig) {
    super(settings);
  }
  override createDriver(): Driver {
    return new SerialTransactionsDriver(this.settings);
  }
}

/**
 * The pg driver, loaded when a PostgreSQL address is opened: with SQLite (the default) every worker
 * would otherwise carry it in memory for nothing (docs/decisions/0015-*).
 */
const loadPg = (): typeof pgModule => createRequire(import.meta.url)("pg");

// pg returns bigint (count(*), SUM of integers as numeric) as strings; the app's numbers are small.
const BIGINT = 20;
const NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === BIGINT || oid === NUMERIC) return (value: string) => Number(value);
    return loadPg().types.getTypeParser(oid, format);
  },
};

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

/**
 * Opens the database: a `postgres://` address through a pg pool, otherwise a SQLite file
 * (created if needed) with the pragmas the app relies on.
 */
export function openDatabase(target: string): DB {
  if (isPostgresUrl(target)) {
    const pg = loadPg();
    const pool = new pg.Pool({ connectionString: target, max: 10, types: pgTypes as pgModule.CustomTypesConfig });
    // An idle connection the server closed (a restart, a failover) must not end the process: the pool
    // drops it and the next query opens a new one.
    pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    return new Kysely<Database>({ dialect: new SerialTransactionsDialect({ pool }) });
  }
  const file = target;
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // WAL + NORMAL is durable against process crashes (kill -9); only a power loss can drop the last commits.
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new ImmediateTransactionsDialect({ database: withStatementCache(sqlite) }) });
}

/** How many prepared statements a SQLite connection keeps (the site asks far fewer kinds of query). */
export const STATEMENTS_KEPT = 200;

/**
 * The connection as Kysely sees it, with each statement prepared once and kept by its SQL: every
 * page asks the same few queries, and preparing them again was a twentieth of a /confirm render
 * (decision 0015). Statements whose SQL varies (lists of ids) stop being kept past STATEMENTS_KEPT,
 * the oldest first. A streamed query gets a statement of its own, since a statement being iterated
 * cannot run another query meanwhile. SQLite prepares a kept statement again by itself after a
 * migration changes the schema.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      const kept = statement;
      return {
        reader: kept.reader,
        all: (parameters: ReadonlyArray<unknown>) => kept.all(parameters),
        run: (parameters: ReadonlyArray<unknown>) => kept.run(parameters),
        iterate: (parameters: ReadonlyArray<unknown>) => sqlite.prepare(sql).iterate(parameters),
      };
    },
  };
}

// Bundled by Vite, so the built server needs no TypeScript loader at run time.
const migrationModules = import.meta.glob<Migration>("../../db/migrations/*.ts", { eager: true });

const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return Object.fromEntries(Object.entries(migrationModules).map(([file, mod]) => [path.basename(file, ".ts"), mod]));
  },
};

/** Every migration's name, oldest first (the names sort by their date). */
export function migrationNames(): string[] {
  return Object.keys(migrationModules)
    .map((file) => path.basename(file, ".ts"))
    .sort();
}

/** The schema version this code brings a database to: its newest migration's name. */
export const latestMigrationName = (): string => migrationNames().at(-1)!;

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

const BOOT_LOCK = 0x626f6f74; // "boot"
let localBoot: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` (the start-up: migrations, seeding an empty database) while no other instance runs its
 * own: instances started together on one PostgreSQL database would otherwise both find it empty and
 * both seed it. A session-level advisory lock on PostgreSQL, held on one pooled connection while the
 * work uses others; on SQLite (one process) an in-process queue.
 */
export async function exclusively<T>(database: DB, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(database)) {
    const run = localBoot.then(work, work);
    localBoot = run.catch(() => undefined);
    return run;
  }
  return database.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(BOOT_LOCK)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(BOOT_LOCK)})`.execute(connection);
    }
  });
}

let instance: DB | undefined;

/** The process-wide database: DATABASE_URL (PostgreSQL) when set, else the SQLite file at DATABASE_PATH. */
export function db(): DB {
  instance ??= openDatabase(config().DATABASE_URL ?? config().DATABASE_PATH);
  return instance;
}

/** Tests point the app at their own temporary database. */
export function setDatabaseForTests(database: DB | undefined) {
  instance = database;
}

/** SQLite booleans (0/1) to JavaScript (kept as integers on PostgreSQL too). */
export const bool = (v: number | null | undefined) => v === 1;
