import { sql, type Kysely } from "kysely";

/**
 * Every answer a guest can give (decision 0012): an invitation is pending, confirmed or declined, with
 * the guests' note to the couple and when it was answered; each guest may leave dietary needs.
 * Existing confirmed invitations become 'confirmed', answered when they were confirmed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("invitations")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status IN ('pending','confirmed','declined')`),
    )
    .execute();
  await db.schema.alterTable("invitations").addColumn("message", "text").execute();
  await db.schema.alterTable("invitations").addColumn("answered_at", "text").execute();
  await db.schema.alterTable("guests").addColumn("dietary", "text").execute();
  await sql`UPDATE invitations SET status = 'confirmed', answered_at = confirmed_at WHERE confirmed = 1`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("guests").dropColumn("dietary").execute();
  await db.schema.alterTable("invitations").dropColumn("answered_at").execute();
  await db.schema.alterTable("invitations").dropColumn("message").execute();
  await db.schema.alterTable("invitations").dropColumn("status").execute();
}
