import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/infra/db.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-28T100000_tables_and_arrivals: tables, each person's table and arrival, a photo's table. */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-27T220000_events";

describe("migration 2026-11-28T100000_tables_and_arrivals", () => {
  it("upgrades a database made by the previous schema: everyone 'Sin mesa', nobody arrived, answers intact", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, status, confirmed_at) VALUES ('ABC234', 'Ana', 2, 1, 'confirmed', '2026-11-01T00:00:00Z')`.execute(
      database,
    );
    const [{ id }] = (await sql<{ id: number }>`SELECT id FROM invitations`.execute(database)).rows;
    await sql`INSERT INTO guests (invitation_id, full_name, is_primary, dietary) VALUES (${id}, 'Ana', 1, 'vegana'), (${id}, 'Luis', 0, NULL)`.execute(
      database,
    );

    await migrateToLatest(database);

    const guests = (
      await sql<{ full_name: string; dietary: string | null; table_id: number | null; arrived_at: string | null }>`
        SELECT full_name, dietary, table_id, arrived_at FROM guests ORDER BY id`.execute(database)
    ).rows;
    expect(guests).toEqual([
      { full_name: "Ana", dietary: "vegana", table_id: null, arrived_at: null },
      { full_name: "Luis", dietary: null, table_id: null, arrived_at: null },
    ]);
    expect((await sql`SELECT id FROM seating_tables`.execute(database)).rows).toEqual([]);
    await sql`INSERT INTO seating_tables (name, seats, token) VALUES ('Mesa 1', 8, 'abc')`.execute(database);
    await expect(sql`INSERT INTO seating_tables (name, seats, token) VALUES ('Mesa 2', 8, 'abc')`.execute(database)).rejects.toThrow();
  });

  it("rolls back to the previous schema", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await migrateTo(database, PREVIOUS);
    await expect(sql`SELECT name FROM seating_tables`.execute(database)).rejects.toThrow(/seating_tables/);
    await expect(sql`SELECT table_id FROM guests`.execute(database)).rejects.toThrow(/table_id/);
    await expect(sql`SELECT table_id FROM media`.execute(database)).rejects.toThrow(/table_id/);
  });
});
