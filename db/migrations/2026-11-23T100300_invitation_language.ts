import { sql, type Kysely } from "kysely";

/** Each invitation has a language (es | en): its personal link sets the site to it. Existing ones are Spanish. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("invitations")
    .addColumn("language", "text", (c) =>
      c
        .notNull()
        .defaultTo("es")
        .check(sql`language IN ('es','en')`),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("invitations").dropColumn("language").execute();
}
