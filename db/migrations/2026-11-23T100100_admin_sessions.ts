import type { Kysely } from "kysely";
import { epochMillisType } from "~/infra/sql-dialect.server";

/**
 * Admin sessions kept on the server, so logging out (or changing the admin password) ends them
 * even for a copy of the cookie. The cookie carries a random token; only its SHA-256 is stored.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const millis = epochMillisType(db);
  await db.schema
    .createTable("admin_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Milliseconds since the epoch: compared with Date.now() on every admin request.
    .addColumn("created_at", millis, (c) => c.notNull())
    .addColumn("expires_at", millis, (c) => c.notNull())
    .addColumn("ended_at", millis)
    // Which admin password the session was opened with (a keyed hash, never the password).
    .addColumn("password_tag", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_sessions_expires_at").on("admin_sessions").column("expires_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("admin_sessions").execute();
}
