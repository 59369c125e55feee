import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/infra/db.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/**
 * A database made by the first released schema (invitations confirmed, guests, a section with a
 * photo) upgrades on start with every row intact. Each later migration adds its own checks in
 * its own test file, starting from the migration just before it (see migrateTo).
 */
const openScratch = useScratchDatabase();

describe("migrations", () => {
  it("upgrade a database made by the first schema with its data intact", async () => {
    const database = await openScratch("2026-11-22T000000_initial");
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, confirmed_at) VALUES ('ABCDEF', 'Ana Pérez', 3, 1, '2025-11-01T10:00:00.000Z')`.execute(
      database,
    );
    await sql`INSERT INTO guests (invitation_id, full_name, is_primary) VALUES (1, 'Ana Pérez', 1), (1, 'Luis Pérez', 0)`.execute(database);
    await sql`INSERT INTO gallery_sections (name, "order", allow_upload, is_active) VALUES ('Boda', 1, 1, 1)`.execute(database);
    await sql`INSERT INTO media (section_id, type, file_path, public_url, name, size) VALUES (1, 'IMAGE', '1/1-a.jpg', '/uploads/1/1-a.jpg', 'a.jpg', 10)`.execute(
      database,
    );

    await migrateToLatest(database);

    const invitation = await database.selectFrom("invitations").selectAll().executeTakeFirstOrThrow();
    expect(invitation).toMatchObject({ code: "ABCDEF", primary_guest: "Ana Pérez", max_guests: 3, confirmed: 1, confirmed_at: "2025-11-01T10:00:00.000Z" });
    const guests = await database.selectFrom("guests").select(["full_name", "is_primary"]).orderBy("id").execute();
    expect(guests).toEqual([
      { full_name: "Ana Pérez", is_primary: 1 },
      { full_name: "Luis Pérez", is_primary: 0 },
    ]);
    expect(await database.selectFrom("media").select(["file_path", "name"]).execute()).toEqual([{ file_path: "1/1-a.jpg", name: "a.jpg" }]);
  });
});
