import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest, setDatabaseForTests } from "~/infra/db.server";
import { currentContent } from "~/models/content-live.server";
import { defaultContent } from "~/models/content-defaults.server";
import { saveContentSection } from "~/models/content-store.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-26T120000_content: a database from before the content editor upgrades and shows today's content. */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-26T110000_photo_review_and_wishes";

describe("migration 2026-11-26T120000_content", () => {
  it("upgrades a database made by the previous schema, keeping its data, and the site shows today's content", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests) VALUES ('ABCDEF', 'Ana Pérez', 2)`.execute(database);

    await migrateToLatest(database);

    expect((await sql<{ code: string }>`SELECT code FROM invitations`.execute(database)).rows).toEqual([{ code: "ABCDEF" }]);
    expect((await sql`SELECT * FROM content_versions`.execute(database)).rows).toEqual([]);
    setDatabaseForTests(database);
    try {
      expect(await currentContent()).toEqual(defaultContent());
      await saveContentSection("couple", { ...defaultContent().couple, names: "Ana & Luis" });
      const rows = await sql<{ section: string; saved_at: string }>`SELECT section, saved_at FROM content_versions`.execute(database);
      expect(rows.rows).toEqual([{ section: "couple", saved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    } finally {
      setDatabaseForTests(undefined);
    }
  });

  it("rolls back to the previous schema", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await sql`INSERT INTO content_versions (section, data) VALUES ('couple', '{}')`.execute(database);
    await migrateTo(database, PREVIOUS);
    await expect(sql`SELECT * FROM content_versions`.execute(database)).rejects.toThrow(/content_versions/);
  });
});
