import { sql, type Kysely } from "kysely";
import { idColumn, nowIsoDefault } from "~/infra/sql-dialect.server";

// Migrations take Kysely<any>: they must keep working when the app's Database type moves on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The same schema on both engines; on SQLite the SQL is exactly what it was before PostgreSQL.
  const id = idColumn(db);
  const now = nowIsoDefault(db);
  await db.schema
    .createTable("invitations")
    .addColumn("id", "integer", id)
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("primary_guest", "text", (c) => c.notNull())
    .addColumn("max_guests", "integer", (c) => c.notNull().check(sql`max_guests BETWEEN 1 AND 8`))
    .addColumn("confirmed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("confirmed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("guests")
    .addColumn("id", "integer", id)
    .addColumn("invitation_id", "integer", (c) => c.notNull().references("invitations.id").onDelete("cascade"))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("is_primary", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("guests_invitation_id").on("guests").column("invitation_id").execute();

  await db.schema
    .createTable("gallery_sections")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("order", "integer", (c) => c.notNull())
    .addColumn("allow_upload", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("media")
    .addColumn("id", "integer", id)
    .addColumn("section_id", "integer", (c) => c.notNull().references("gallery_sections.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type IN ('IMAGE','VIDEO')`))
    .addColumn("file_path", "text", (c) => c.notNull())
    .addColumn("public_url", "text", (c) => c.notNull())
    .addColumn("thumbnail_path", "text")
    .addColumn("thumbnail_url", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("media_section_id").on("media").column("section_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("media").execute();
  await db.schema.dropTable("gallery_sections").execute();
  await db.schema.dropTable("guests").execute();
  await db.schema.dropTable("invitations").execute();
}
