import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest, setDatabaseForTests } from "~/infra/db.server";
import { listSections, namedStoredKeys, storedFileVisibility } from "~/models/gallery.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-29T110000_media_variants: a photo records the widths of its thumbnail's AVIF and WebP copies. */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-28T120000_guest_questions";

describe("migration 2026-11-29T110000_media_variants", () => {
  it("upgrades a database made by the previous schema: its photos are intact, without variants, shown by their thumbnail", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO gallery_sections (name, "order", is_active, allow_upload) VALUES ('Boda', 1, 1, 1)`.execute(database);
    const [{ id: sectionId }] = (await sql<{ id: number }>`SELECT id FROM gallery_sections`.execute(database)).rows;
    await sql`INSERT INTO media (section_id, type, file_path, public_url, thumbnail_path, thumbnail_url, name, size, width, height, status, published_at)
      VALUES (${sectionId}, 'IMAGE', ${`${sectionId}/1-a.jpg`}, ${`/uploads/${sectionId}/1-a.jpg`}, ${`${sectionId}/1-a-thumb.jpg`}, ${`/uploads/${sectionId}/1-a-thumb.jpg`}, 'a.jpg', 1234, 1600, 1200, 'published', '2026-11-01T00:00:00Z')`.execute(
      database,
    );

    await migrateToLatest(database);

    setDatabaseForTests(database);
    try {
      const [section] = await listSections({ variants: true });
      expect(section!.media).toEqual([
        {
          id: expect.any(Number),
          type: "IMAGE",
          public_url: `/uploads/${sectionId}/1-a.jpg`,
          thumbnail_url: `/uploads/${sectionId}/1-a-thumb.jpg`,
          name: "a.jpg",
          size: 1234,
          file_path: `${sectionId}/1-a.jpg`,
          width: 1600,
          height: 1200,
        },
      ]);
      expect(await storedFileVisibility(`${sectionId}/1-a-thumb.jpg`)).toEqual({ public: true });
      expect(await storedFileVisibility(`${sectionId}/1-a-thumb-240.avif`)).toBeNull();
      expect([...(await namedStoredKeys())].sort()).toEqual([`${sectionId}/1-a-thumb.jpg`, `${sectionId}/1-a.jpg`]);
    } finally {
      setDatabaseForTests(undefined);
    }
  });

  it("rolls back to the previous schema", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await sql`INSERT INTO gallery_sections (name, "order") VALUES ('Boda', 1)`.execute(database);
    const [{ id }] = (await sql<{ id: number }>`SELECT id FROM gallery_sections`.execute(database)).rows;
    await sql`INSERT INTO media (section_id, type, file_path, public_url, name, size, variant_widths) VALUES (${id}, 'IMAGE', ${`${id}/b.jpg`}, '/u', 'b.jpg', 1, '240,480')`.execute(
      database,
    );
    await migrateTo(database, PREVIOUS);
    expect((await sql<{ name: string }>`SELECT name FROM media`.execute(database)).rows).toEqual([{ name: "b.jpg" }]);
    await expect(sql`SELECT variant_widths FROM media`.execute(database)).rejects.toThrow(/variant_widths/);
  });
});
