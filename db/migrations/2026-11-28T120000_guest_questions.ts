import type { Kysely } from "kysely";
import { idColumn, nowIsoDefault } from "~/infra/sql-dialect.server";

/**
 * The couple's own questions to their guests (docs/decisions/0058-the-couples-questions.md):
 * `guest_questions` (the text in Spanish and English, its kind, the options of a list as JSON, asked
 * once per invitation or once per person, required or not, its order) and their answers. A removed
 * question keeps its row and answers (`removed_at`), out of every list. No foreign keys from the
 * answers to the guests: an answer given per person names the guest row it was given for, and an
 * answer set back to pending loses its guests and answers in the same transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("guest_questions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("text_es", "text", (c) => c.notNull())
    .addColumn("text_en", "text")
    /** 'text', 'yesno' or 'choice'. */
    .addColumn("kind", "text", (c) => c.notNull())
    /** For 'choice': a JSON list of { es, en } pairs; null otherwise. */
    .addColumn("options", "text")
    /** 'invitation' (asked once) or 'person' (asked for each person named). */
    .addColumn("per", "text", (c) => c.notNull().defaultTo("invitation"))
    .addColumn("required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("removed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .execute();
  await db.schema
    .createTable("guest_question_answers")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("question_id", "integer", (c) => c.notNull().references("guest_questions.id").onDelete("cascade"))
    .addColumn("invitation_id", "integer", (c) => c.notNull().references("invitations.id").onDelete("cascade"))
    /** The person it was given for (a question asked per person); null for one asked per invitation. */
    .addColumn("guest_id", "integer")
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("guest_question_answers_invitation").on("guest_question_answers").column("invitation_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("guest_question_answers").execute();
  await db.schema.dropTable("guest_questions").execute();
}
