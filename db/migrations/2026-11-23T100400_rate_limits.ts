import type { Kysely } from "kysely";

/**
 * Rate-limit windows kept in the database, so every worker (and every instance on one database)
 * counts the same client against one allowance (docs/decisions/0009-rate-limits.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull())
    // Milliseconds since the epoch: past 2^31, so bigint (SQLite's integer is 64-bit either way).
    .addColumn("reset_at", "bigint", (c) => c.notNull())
    .execute();
  // The sweep deletes expired windows by their end.
  await db.schema.createIndex("rate_limits_reset_at").on("rate_limits").column("reset_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
