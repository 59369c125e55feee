import type { Kysely } from "kysely";

/**
 * The door's sessions ('Recepción'): a session row says whose it is, the admin's or the door's.
 * A door session may only search guests, mark arrivals and see tables; every admin check asks for
 * the admin's role. Sessions from before are the admin's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("admin_sessions")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("admin"))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admin_sessions").dropColumn("role").execute();
}
