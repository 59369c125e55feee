import type { Kysely } from "kysely";
import { idColumn, nowIsoDefault } from "~/infra/sql-dialect.server";

/**
 * The day itself: the seating plan's tables ('Mesas'), the table each person sits at, when the
 * door ('Recepción') saw them arrive, and the table a photo was uploaded from. A database from
 * before opens with no tables, everyone 'Sin mesa', nobody arrived, no photo tied to a table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("seating_tables")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("seats", "integer", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .execute();
  // No foreign keys (SQLite cannot drop a column that has one): removing a table sends its people
  // back to 'Sin mesa' in the same transaction, and a table that is gone reads as none.
  await db.schema.alterTable("guests").addColumn("table_id", "integer").execute();
  await db.schema.alterTable("guests").addColumn("arrived_at", "text").execute();
  await db.schema.alterTable("media").addColumn("table_id", "integer").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("media").dropColumn("table_id").execute();
  await db.schema.alterTable("guests").dropColumn("arrived_at").execute();
  await db.schema.alterTable("guests").dropColumn("table_id").execute();
  await db.schema.dropTable("seating_tables").execute();
}
