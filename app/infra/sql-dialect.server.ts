import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from "kysely";

/**
 * The one place that tells SQLite and PostgreSQL apart. Migrations (one set for both engines) and
 * the few queries whose SQL differs ask here; everything else is written once in portable SQL.
 */
// Migrations take Kysely<any>: the helpers must serve them whatever the app's Database type is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;

export function isPostgres(database: AnyDB): boolean {
  return database.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The current time as ISO 8601 text in UTC with milliseconds (`2026-11-23T10:04:00.123Z`), the
 * shape every timestamp column holds on both engines (JavaScript's toISOString writes the same),
 * so text comparisons and the API's values do not depend on the engine.
 */
export function nowIsoDefault(database: AnyDB): RawBuilder<string> {
  return isPostgres(database)
    ? sql<string>`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
}

/**
 * An integer primary key the database numbers: SQLite's AUTOINCREMENT (ids never reused) or a
 * PostgreSQL identity column (a sequence: ids never reused either).
 */
export function idColumn(database: AnyDB) {
  return (c: ColumnDefinitionBuilder) => (isPostgres(database) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

/** Milliseconds since the epoch: SQLite's integer holds 64 bits, PostgreSQL's integer only 32. */
export function epochMillisType(database: AnyDB): "bigint" | "integer" {
  return isPostgres(database) ? "bigint" : "integer";
}
