import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest, setDatabaseForTests } from "~/infra/db.server";
import { findInvitationById } from "~/models/invitations.server";
import { cateringReport, loadMenuOptions } from "~/models/menu.server";
import { NOTHING_ASKED } from "~/lib/menu";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-27T210000_menu_and_children: dishes, and each guest's dish and child mark. */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-27T200000_demo_rows";

describe("migration 2026-11-27T210000_menu_and_children", () => {
  it("upgrades a database made by the previous schema: old answers read as adults with no dish chosen, nothing asked", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, status, confirmed_at) VALUES ('ABC234', 'Ana', 2, 1, 'confirmed', '2026-11-01T00:00:00Z')`.execute(
      database,
    );
    const [{ id }] = (await sql<{ id: number }>`SELECT id FROM invitations`.execute(database)).rows;
    await sql`INSERT INTO guests (invitation_id, full_name, is_primary, dietary) VALUES (${id}, 'Ana', 1, 'vegana'), (${id}, 'Luis', 0, NULL)`.execute(
      database,
    );

    await migrateToLatest(database);

    setDatabaseForTests(database);
    try {
      const invitation = (await findInvitationById(Number(id)))!;
      expect(invitation.guests.map((g) => [g.fullName, g.dietary, g.dishId, g.isChild])).toEqual([
        ["Ana", "vegana", undefined, undefined],
        ["Luis", null, undefined, undefined],
      ]);
      expect(await loadMenuOptions()).toEqual(NOTHING_ASKED);
      const report = await cateringReport();
      expect(report.groups[0].counts).toEqual({ adults: 2, children: 0, dishes: [], noDish: 2 });
      expect(report.groups[0].dietary.map((g) => [g.guest, g.dietary])).toEqual([["Ana", "vegana"]]);
    } finally {
      setDatabaseForTests(undefined);
    }
  });

  it("rolls back to the previous schema", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await sql`INSERT INTO menu_dishes (name) VALUES ('Carne')`.execute(database);
    await migrateTo(database, PREVIOUS);
    await expect(sql`SELECT name FROM menu_dishes`.execute(database)).rejects.toThrow(/menu_dishes/);
    await expect(sql`SELECT dish_id FROM guests`.execute(database)).rejects.toThrow(/dish_id/);
  });
});
