import { describe, expect, it } from "vitest";
import { createInvitation, getStats } from "~/models/invitations.server";
import { createSection } from "~/models/gallery.server";
import { sql } from "kysely";
import { db, isPostgres, setDatabaseForTests } from "~/infra/db.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { onPostgres } from "./helpers/engine";
import { useTestDatabase } from "./helpers/test-db";

/** What the rest of the code takes for granted from either engine (npm run test:unit and test:unit:pg). */
describe("the database engine", () => {
  useTestDatabase();

  it("is the one the run asked for, and db() opens it from DATABASE_URL or DATABASE_PATH", async () => {
    expect(isPostgres(db())).toBe(onPostgres);
    const given = db();
    setDatabaseForTests(undefined);
    try {
      const opened = db();
      expect(isPostgres(opened)).toBe(onPostgres);
      expect((await sql<{ one: number }>`select 1 as one`.execute(opened)).rows).toEqual([{ one: 1 }]);
      await opened.destroy();
    } finally {
      setDatabaseForTests(given);
    }
  });

  it("stamps rows with ISO 8601 UTC text with milliseconds, as JavaScript writes it", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 2 });
    if (!created.ok) throw new Error(created.error);
    const section = await createSection({ name: "Boda" });
    if (!section.ok) throw new Error(section.error);
    const rows = [
      await db().selectFrom("invitations").select(["created_at", "updated_at"]).executeTakeFirstOrThrow(),
      await db().selectFrom("gallery_sections").select("created_at").executeTakeFirstOrThrow(),
    ];
    for (const row of rows) {
      for (const stamp of Object.values(row)) {
        expect(stamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(Math.abs(Date.parse(stamp) - Date.now())).toBeLessThan(60_000);
      }
    }
  });

  it("gives counts, sums and epoch milliseconds back as numbers, and booleans as 0/1", async () => {
    await createInvitation({ primaryGuest: "Ana", maxGuests: 2 });
    await createInvitation({ primaryGuest: "Luis", maxGuests: 3 });
    const { n } = await db()
      .selectFrom("invitations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(n).toBe(2);
    expect((await getStats()).totalGuests).toBe(5);
    await startAdminSessionHeader(new Request("http://localhost/admin"));
    const session = await db().selectFrom("admin_sessions").select(["created_at", "expires_at"]).executeTakeFirstOrThrow();
    expect(typeof session.created_at).toBe("number");
    expect(session.expires_at).toBeGreaterThan(Date.now());
    const { confirmed } = await db().selectFrom("invitations").select("confirmed").executeTakeFirstOrThrow();
    expect(confirmed).toBe(0);
  });
});
