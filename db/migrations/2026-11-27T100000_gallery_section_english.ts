import type { Kysely } from "kysely";

/**
 * A gallery section's English name and description, beside the Spanish ones. Both are optional:
 * an English page shows the Spanish text where the English is empty, so the sections of a
 * database from before read as they did.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("gallery_sections").addColumn("name_en", "text").execute();
  await db.schema.alterTable("gallery_sections").addColumn("description_en", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("gallery_sections").dropColumn("description_en").execute();
  await db.schema.alterTable("gallery_sections").dropColumn("name_en").execute();
}
