import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/infra/db.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/**
 * 2026-11-25T100000_outbox: a database made by the schema before it opens, migrates with its
 * answers intact, and gets an empty outbox that keeps only the three states; it rolls back.
 */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-23T100400_rate_limits";

describe("migration 2026-11-25T100000_outbox", () => {
  it("adds the outbox and the suppressed addresses to a database made by the previous schema, keeping its data", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, confirmed_at, status, answered_at, message)
      VALUES ('ABCDEF', 'Ana Pérez', 2, 1, '2026-11-01T10:00:00.000Z', 'confirmed', '2026-11-01T10:00:00.000Z', 'Hola')`.execute(database);
    await sql`INSERT INTO rate_limits (key, points, reset_at) VALUES ('code:203.0.113.9', 3, 1795000000000)`.execute(database);

    await migrateToLatest(database);

    const invitations = await sql<{ code: string; status: string; message: string }>`SELECT code, status, message FROM invitations`.execute(database);
    expect(invitations.rows).toEqual([{ code: "ABCDEF", status: "confirmed", message: "Hola" }]);
    const limits = await sql<{ points: number }>`SELECT points FROM rate_limits`.execute(database);
    expect(limits.rows).toEqual([{ points: 3 }]);
    expect((await sql`SELECT * FROM outbox`.execute(database)).rows).toEqual([]);
    // Epoch milliseconds past 2^31 fit (bigint on PostgreSQL), and a row starts queued with no tries.
    await sql`INSERT INTO outbox (kind, channel, recipient, payload, next_attempt_at) VALUES ('answer', 'email', 'a@example.com', '{}', 1795000000000)`.execute(
      database,
    );
    const row = await sql<Record<string, unknown>>`SELECT state, tries, language, next_attempt_at, created_at FROM outbox`.execute(database);
    expect(row.rows[0]).toMatchObject({ state: "queued", tries: 0, language: "es", next_attempt_at: 1795000000000 });
    expect(String(row.rows[0].created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await expect(sql`UPDATE outbox SET state = 'sending'`.execute(database)).rejects.toThrow(/CHECK|check constraint/);
    await expect(sql`UPDATE outbox SET channel = 'sms'`.execute(database)).rejects.toThrow(/CHECK|check constraint/);
    await sql`INSERT INTO suppressed_emails (email) VALUES ('a@example.com')`.execute(database);
    await expect(sql`INSERT INTO suppressed_emails (email) VALUES ('a@example.com')`.execute(database)).rejects.toThrow(/UNIQUE|duplicate/);
  });

  it("rolls back to the previous schema with its data", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests) VALUES ('ABCDEF', 'Ana', 1)`.execute(database);
    await migrateTo(database, PREVIOUS);
    expect((await sql<{ code: string }>`SELECT code FROM invitations`.execute(database)).rows).toEqual([{ code: "ABCDEF" }]);
    await expect(sql`SELECT * FROM outbox`.execute(database)).rejects.toThrow(/outbox/);
    await expect(sql`SELECT * FROM suppressed_emails`.execute(database)).rejects.toThrow(/suppressed_emails/);
  });
});
