import { sql, type Kysely } from "kysely";
import { idColumn, nowIsoDefault } from "~/infra/sql-dialect.server";

/**
 * A gallery section may hold guests' photos for the couple's review
 * ('Revisar antes de publicar'); a photo is 'published' or 'pending' and may carry its uploader's
 * name; guests' wishes ('Deja un mensaje') with their own state; and the site's settings (the
 * wishes' approval switch). A database from before opens with every photo published, as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("gallery_sections")
    .addColumn("review_uploads", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("media")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("published")
        .check(sql`status IN ('published','pending')`),
    )
    .execute();
  await db.schema.alterTable("media").addColumn("uploader_name", "text").execute();
  // When it was published (its upload time, or the couple's approval): the slideshow shows the newest first.
  await db.schema.alterTable("media").addColumn("published_at", "text").execute();
  await sql`UPDATE media SET published_at = created_at`.execute(db);
  await db.schema.createIndex("media_status").on("media").columns(["status", "section_id"]).execute();
  await db.schema
    .createTable("wishes")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status IN ('published','pending')`),
    )
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .execute();
  await db.schema.createIndex("wishes_status").on("wishes").columns(["status", "created_at"]).execute();
  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_settings").execute();
  await db.schema.dropTable("wishes").execute();
  await db.schema.dropIndex("media_status").execute();
  await db.schema.alterTable("media").dropColumn("published_at").execute();
  await db.schema.alterTable("media").dropColumn("uploader_name").execute();
  await db.schema.alterTable("media").dropColumn("status").execute();
  await db.schema.alterTable("gallery_sections").dropColumn("review_uploads").execute();
}
