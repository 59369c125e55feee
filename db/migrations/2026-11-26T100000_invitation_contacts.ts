import { type Kysely } from "kysely";

/**
 * Each invitation's optional contacts (the phone in E.164 without the '+', the e-mail
 * lower-case), when its personal link or code was first and last opened by a guest, the reminders
 * sent or copied for it, and when its invitation e-mail was queued. Existing invitations have none.
 */
const COLUMNS = [
  ["phone", "text"],
  ["email", "text"],
  ["opened_first_at", "text"],
  ["opened_last_at", "text"],
  ["reminded_at", "text"],
  ["invitation_emailed_at", "text"],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable("invitations").addColumn(name, type).execute();
  await db.schema
    .alterTable("invitations")
    .addColumn("reminder_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("invitations").dropColumn("reminder_count").execute();
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable("invitations").dropColumn(name).execute();
}
