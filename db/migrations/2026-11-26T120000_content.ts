import type { Kysely } from "kysely";
import { idColumn, nowIsoDefault } from "~/infra/sql-dialect.server";

/**
 * The couple's content edited from the admin's 'Contenido' (decision 0027). Each save of a sub-section
 * is a new row (nothing is overwritten, so 'Historial' can bring any back); the site shows the
 * latest row of each sub-section, or today's content when there is none. A database from before
 * has no rows, so it shows today's content.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_versions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("saved_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .execute();
  await db.schema.createIndex("content_versions_section").on("content_versions").columns(["section", "id"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("content_versions").execute();
}
