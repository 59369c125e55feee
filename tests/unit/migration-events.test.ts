import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest, setDatabaseForTests } from "~/infra/db.server";
import { findInvitationByCode, getStats } from "~/models/invitations.server";
import { eventStats } from "~/models/events.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-27T220000_events: the couple's events; old answers read as "attends the wedding". */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-27T210000_menu_and_children";

describe("migration 2026-11-27T220000_events", () => {
  it("upgrades a database made by the previous schema: its answers attend the wedding", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, status) VALUES ('ABC234', 'Ana', 2, 1, 'confirmed')`.execute(database);
    const [inv] = (await sql<{ id: number }>`SELECT id FROM invitations`.execute(database)).rows;
    await sql`INSERT INTO guests (invitation_id, full_name, is_primary) VALUES (${inv.id}, 'Ana', 1), (${inv.id}, 'Luis', 0)`.execute(database);

    await migrateToLatest(database);

    setDatabaseForTests(database);
    try {
      const read = (await findInvitationByCode("ABC234"))!;
      expect(read.events).toEqual([0]);
      expect(read.guests.map((g) => [g.fullName, g.attends])).toEqual([
        ["Ana", [0]],
        ["Luis", [0]],
      ]);
      expect((await getStats()).confirmedGuests).toBe(2);
      expect((await eventStats()).map((s) => s.totals)).toEqual([{ eventId: 0, confirmed: 2, declined: 0, pending: 0 }]);
    } finally {
      setDatabaseForTests(undefined);
    }
  });

  it("rolls back to the previous schema", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await migrateTo(database, PREVIOUS);
    await expect(sql`SELECT id FROM events`.execute(database)).rejects.toThrow(/events/);
    await expect(sql`SELECT attends_wedding FROM guests`.execute(database)).rejects.toThrow(/attends_wedding/);
  });
});
