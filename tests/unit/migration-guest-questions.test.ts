import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/infra/db.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-28T120000_guest_questions: the couple's own questions and their answers. */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-28T110000_door_sessions";

describe("migration 2026-11-28T120000_guest_questions", () => {
  it("upgrades a database made by the previous schema: no questions, no answers, answers given before intact", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, status, confirmed_at) VALUES ('ABC234', 'Ana', 2, 1, 'confirmed', '2026-11-01T00:00:00Z')`.execute(
      database,
    );
    const [{ id }] = (await sql<{ id: number }>`SELECT id FROM invitations`.execute(database)).rows;
    await sql`INSERT INTO guests (invitation_id, full_name, is_primary, dietary) VALUES (${id}, 'Ana', 1, 'vegana')`.execute(database);

    await migrateToLatest(database);

    expect((await sql`SELECT id FROM guest_questions`.execute(database)).rows).toEqual([]);
    expect((await sql`SELECT id FROM guest_question_answers`.execute(database)).rows).toEqual([]);
    expect((await sql<{ full_name: string; dietary: string }>`SELECT full_name, dietary FROM guests`.execute(database)).rows).toEqual([
      { full_name: "Ana", dietary: "vegana" },
    ]);
    await sql`INSERT INTO guest_questions (text_es, kind, per, required, position) VALUES ('¿Bus?', 'yesno', 'invitation', 1, 1)`.execute(database);
    const [question] = (
      await sql<{ id: number; is_demo: number; removed_at: string | null }>`SELECT id, is_demo, removed_at FROM guest_questions`.execute(database)
    ).rows;
    expect([Number(question.is_demo), question.removed_at]).toEqual([0, null]);
    await sql`INSERT INTO guest_question_answers (question_id, invitation_id, guest_id, value) VALUES (${question.id}, ${id}, NULL, 'yes')`.execute(database);
    // An invitation deleted takes its answers with it.
    await sql`DELETE FROM invitations`.execute(database);
    expect((await sql`SELECT id FROM guest_question_answers`.execute(database)).rows).toEqual([]);
  });

  it("rolls back to the previous schema", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await migrateTo(database, PREVIOUS);
    await expect(sql`SELECT id FROM guest_questions`.execute(database)).rejects.toThrow(/guest_questions/);
    await expect(sql`SELECT id FROM guest_question_answers`.execute(database)).rejects.toThrow(/guest_question_answers/);
  });
});
