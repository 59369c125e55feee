import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/infra/db.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-26T110000_photo_review_and_wishes: a database made by the schema before it opens with every photo public, as before. */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-26T100000_invitation_contacts";

describe("migration 2026-11-26T110000_photo_review_and_wishes", () => {
  it("keeps every existing photo published and every section without review", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO gallery_sections (name, "order") VALUES ('Boda', 1)`.execute(database);
    await sql`INSERT INTO media (section_id, type, file_path, public_url, name, size, created_at)
      VALUES (1, 'IMAGE', 'gallery/a.jpg', '/uploads/gallery/a.jpg', 'a.jpg', 10, '2026-11-01T10:00:00.000Z')`.execute(database);

    await migrateToLatest(database);

    const sections = await sql<Record<string, unknown>>`SELECT name, review_uploads FROM gallery_sections`.execute(database);
    expect(sections.rows).toEqual([{ name: "Boda", review_uploads: 0 }]);
    const media = await sql<Record<string, unknown>>`SELECT file_path, status, uploader_name, published_at FROM media`.execute(database);
    expect(media.rows).toEqual([{ file_path: "gallery/a.jpg", status: "published", uploader_name: null, published_at: "2026-11-01T10:00:00.000Z" }]);
    await expect(sql`UPDATE media SET status = 'hidden'`.execute(database)).rejects.toThrow(/CHECK|check constraint/);
    await sql`INSERT INTO wishes (name, message) VALUES ('Ana', '¡Felicidades!')`.execute(database);
    const wishes = await sql<Record<string, unknown>>`SELECT name, status FROM wishes`.execute(database);
    expect(wishes.rows).toEqual([{ name: "Ana", status: "pending" }]);
    await sql`INSERT INTO site_settings (key, value) VALUES ('wishes_review', '0')`.execute(database);
    await expect(sql`INSERT INTO site_settings (key, value) VALUES ('wishes_review', '1')`.execute(database)).rejects.toThrow(/UNIQUE|duplicate/);
  });

  it("rolls back to the previous schema with its photos", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await sql`INSERT INTO gallery_sections (name, "order", review_uploads) VALUES ('Boda', 1, 1)`.execute(database);
    await sql`INSERT INTO media (section_id, type, file_path, public_url, name, size, status)
      VALUES (1, 'IMAGE', 'gallery/a.jpg', '/uploads/gallery/a.jpg', 'a.jpg', 10, 'pending')`.execute(database);
    await migrateTo(database, PREVIOUS);
    expect((await sql<{ file_path: string }>`SELECT file_path FROM media`.execute(database)).rows).toEqual([{ file_path: "gallery/a.jpg" }]);
    await expect(sql`SELECT * FROM wishes`.execute(database)).rejects.toThrow(/wishes/);
    await expect(sql`SELECT status FROM media`.execute(database)).rejects.toThrow(/status/);
  });
});
