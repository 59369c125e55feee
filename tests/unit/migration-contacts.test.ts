import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/infra/db.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-26T100000_invitation_contacts: a database made by the schema before it keeps its invitations, with no contacts yet. */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-25T100000_outbox";

describe("migration 2026-11-26T100000_invitation_contacts", () => {
  it("adds empty contacts, opening and reminder columns to a database made by the previous schema, keeping its data", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, status, message) VALUES ('ABCDEF', 'Ana Pérez', 2, 'declined', 'Hola')`.execute(
      database,
    );

    await migrateToLatest(database);

    const rows = await sql<Record<string, unknown>>`SELECT code, primary_guest, status, message, phone, email, opened_first_at, opened_last_at,
      reminded_at, reminder_count, invitation_emailed_at FROM invitations`.execute(database);
    expect(rows.rows).toEqual([
      {
        code: "ABCDEF",
        primary_guest: "Ana Pérez",
        status: "declined",
        message: "Hola",
        phone: null,
        email: null,
        opened_first_at: null,
        opened_last_at: null,
        reminded_at: null,
        reminder_count: 0,
        invitation_emailed_at: null,
      },
    ]);
  });

  it("rolls back to the previous schema with its data", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, phone, email) VALUES ('ABCDEF', 'Ana', 1, '50761234567', 'ana@example.com')`.execute(
      database,
    );
    await migrateTo(database, PREVIOUS);
    expect((await sql<{ code: string }>`SELECT code FROM invitations`.execute(database)).rows).toEqual([{ code: "ABCDEF" }]);
    await expect(sql`SELECT phone FROM invitations`.execute(database)).rejects.toThrow(/phone/);
  });
});
