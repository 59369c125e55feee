import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest, setDatabaseForTests } from "~/infra/db.server";
import { createSection, getSection, sectionIn, updateSection } from "~/models/gallery.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-27T100000_gallery_section_english: sections get an optional English name and description. */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-26T120000_content";

describe("migration 2026-11-27T100000_gallery_section_english", () => {
  it("upgrades a database made by the previous schema: its sections keep their Spanish, and English pages show it", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO gallery_sections (name, description, "order") VALUES ('Ceremonia', 'Fotos de la ceremonia', 1)`.execute(database);

    await migrateToLatest(database);

    setDatabaseForTests(database);
    try {
      const [old] = (await sql<{ id: number }>`SELECT id FROM gallery_sections`.execute(database)).rows;
      const section = (await getSection(Number(old.id), { includeInactive: true }))!;
      expect(section).toMatchObject({ name: "Ceremonia", description: "Fotos de la ceremonia" });
      expect(section).not.toHaveProperty("name_en");
      expect(sectionIn(section, "en")).toMatchObject({ name: "Ceremonia", description: "Fotos de la ceremonia" });

      // Both names: each page shows its own; an English text emptied again falls back to the Spanish.
      const created = await createSection({ name: "Recepción", description: "La fiesta", name_en: " Reception ", description_en: "The party" });
      if (!created.ok) throw new Error(created.error);
      expect(created.section).toMatchObject({ name: "Recepción", name_en: "Reception", description_en: "The party" });
      expect(sectionIn(created.section, "en")).toMatchObject({ name: "Reception", description: "The party" });
      expect(sectionIn(created.section, "es")).toMatchObject({ name: "Recepción", description: "La fiesta" });
      const emptied = await updateSection(created.section.id, { name_en: "  ", description_en: "" });
      if (!emptied.ok) throw new Error(emptied.error);
      expect(sectionIn(emptied.section, "en")).toMatchObject({ name: "Recepción", description: "La fiesta" });
      expect(await updateSection(created.section.id, { name_en: "x".repeat(1000) })).toEqual({ ok: false, error: "nameTooLong" });
    } finally {
      setDatabaseForTests(undefined);
    }
  });

  it("rolls back to the previous schema", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await sql`INSERT INTO gallery_sections (name, name_en, "order") VALUES ('Boda', 'Wedding', 1)`.execute(database);
    await migrateTo(database, PREVIOUS);
    expect((await sql<{ name: string }>`SELECT name FROM gallery_sections`.execute(database)).rows).toEqual([{ name: "Boda" }]);
    await expect(sql`SELECT name_en FROM gallery_sections`.execute(database)).rejects.toThrow(/name_en/);
  });
});
