import { sql, type Kysely } from "kysely";
import { epochMillisType, idColumn, nowIsoDefault } from "~/infra/sql-dialect.server";

/**
 * The durable outbox (docs/decisions/0030-outbox.md): every e-mail and webhook call is a
 * row first, written in the transaction that caused it, then sent by a background sender that
 * claims one row at a time; and the addresses that asked not to be e-mailed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const millis = epochMillisType(db);
  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull().check(sqlIn("channel", ["email", "webhook"])))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull().defaultTo("es"))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("queued")
        .check(sqlIn("state", ["queued", "sent", "failed"])),
    )
    .addColumn("reason", "text")
    .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", millis, (c) => c.notNull())
    .addColumn("claimed_until", millis)
    .addColumn("attempted_at", millis)
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .execute();
  // The sender's one query when idle: the next queued row that is due.
  await db.schema.createIndex("outbox_due").on("outbox").columns(["state", "next_attempt_at"]).execute();
  // The rate: e-mails attempted in the last minute, for the whole server.
  await db.schema.createIndex("outbox_attempted").on("outbox").columns(["channel", "attempted_at"]).execute();
  await db.schema
    .createTable("suppressed_emails")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("suppressed_emails").execute();
  await db.schema.dropTable("outbox").execute();
}

function sqlIn(column: string, values: string[]) {
  // Fixed words of this file, never input: safe to write into the CHECK.
  return sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(",")})`);
}
