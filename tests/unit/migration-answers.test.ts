import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/infra/db.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/**
 * 2026-11-23T100200_invitation_answers: a database made by the schema before it (confirmed and
 * pending invitations, guests) opens, migrates, and keeps every answer: confirmed invitations read
 * as 'confirmed', answered when they were confirmed; the rest as 'pending'; guests untouched.
 */
const openScratch = useScratchDatabase();

describe("migration 2026-11-23T100200_invitation_answers", () => {
  it("keeps every answer of a database made by the previous schema", async () => {
    const database = await openScratch("2026-11-22T000000_initial");
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, confirmed_at) VALUES
      ('ABCDEF', 'Ana Pérez', 3, 1, '2025-11-01T10:00:00.000Z'),
      ('GHJKLM', 'Luis Soto', 2, 0, NULL)`.execute(database);
    await sql`INSERT INTO guests (invitation_id, full_name, is_primary) VALUES (1, 'Ana Pérez', 1), (1, 'Eva Pérez', 0)`.execute(database);

    await migrateToLatest(database);

    const rows = await sql<{
      code: string;
      confirmed: number;
      confirmed_at: string | null;
      status: string;
      answered_at: string | null;
      message: string | null;
    }>`SELECT code, confirmed, confirmed_at, status, answered_at, message FROM invitations ORDER BY id`.execute(database);
    expect(rows.rows).toEqual([
      { code: "ABCDEF", confirmed: 1, confirmed_at: "2025-11-01T10:00:00.000Z", status: "confirmed", answered_at: "2025-11-01T10:00:00.000Z", message: null },
      { code: "GHJKLM", confirmed: 0, confirmed_at: null, status: "pending", answered_at: null, message: null },
    ]);
    const guests = await sql<{
      full_name: string;
      is_primary: number;
      dietary: string | null;
    }>`SELECT full_name, is_primary, dietary FROM guests ORDER BY id`.execute(database);
    expect(guests.rows).toEqual([
      { full_name: "Ana Pérez", is_primary: 1, dietary: null },
      { full_name: "Eva Pérez", is_primary: 0, dietary: null },
    ]);
    // The answer is one of three words.
    await expect(sql`UPDATE invitations SET status = 'maybe' WHERE id = 1`.execute(database)).rejects.toThrow(/CHECK|check constraint/);
  });

  it("rolls back to the previous schema with its data", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, status) VALUES ('ABCDEF', 'Ana', 1, 1, 'confirmed')`.execute(database);
    await migrateTo(database, "2026-11-22T000000_initial");
    const row = await sql<Record<string, unknown>>`SELECT * FROM invitations`.execute(database);
    expect(row.rows[0]).toMatchObject({ code: "ABCDEF", confirmed: 1 });
    expect(row.rows[0]).not.toHaveProperty("status");
  });
});
