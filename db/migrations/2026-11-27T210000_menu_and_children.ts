import type { Kysely } from "kysely";
import { idColumn, nowIsoDefault } from "~/infra/sql-dialect.server";

/**
 * The couple's menu ('Menú'): the dishes a guest may choose, in both languages; each guest's
 * chosen dish and whether they are a child. A database from before opens with no dishes, every
 * guest an adult with no dish chosen, and both questions off (their switches are site settings):
 * the form guests see is unchanged.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("menu_dishes")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_en", "text")
    .addColumn("description", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .execute();
  // No foreign key (SQLite cannot drop a column that has one): removing a dish clears it from its
  // guests in the same transaction (app/models/menu.server.ts), and a dish that is gone reads as none.
  await db.schema.alterTable("guests").addColumn("dish_id", "integer").execute();
  await db.schema
    .alterTable("guests")
    .addColumn("is_child", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("guests").dropColumn("is_child").execute();
  await db.schema.alterTable("guests").dropColumn("dish_id").execute();
  await db.schema.dropTable("menu_dishes").execute();
}
