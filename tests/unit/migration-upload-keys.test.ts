import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/infra/db.server";
import { useScratchDatabase } from "./helpers/scratch-db";

/** 2026-11-29T100000_upload_keys: the upload queue's keys (decision 0065). */
const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-28T120000_guest_questions";

describe("migration 2026-11-29T100000_upload_keys", () => {
  it("upgrades a database made by the previous schema: no keys, the photos stored before intact, one row per key", async () => {
    const database = await openScratch(PREVIOUS);
    await sql`INSERT INTO gallery_sections (name, "order", is_active, allow_upload) VALUES ('Fiesta', 1, 1, 1)`.execute(database);
    const [{ id }] = (await sql<{ id: number }>`SELECT id FROM gallery_sections`.execute(database)).rows;
    await sql`INSERT INTO media (section_id, type, file_path, public_url, name, size) VALUES (${id}, 'IMAGE', ${`${id}/1-a.jpg`}, ${`/uploads/${id}/1-a.jpg`}, 'brindis.jpg', 1234)`.execute(
      database,
    );

    await migrateToLatest(database);

    expect((await sql`SELECT key FROM upload_keys`.execute(database)).rows).toEqual([]);
    expect((await sql<{ name: string; size: number }>`SELECT name, size FROM media`.execute(database)).rows.map((r) => [r.name, Number(r.size)])).toEqual([
      ["brindis.jpg", 1234],
    ]);
    await sql`INSERT INTO upload_keys (key, media_id, answer, created_at) VALUES ('k1', 1, '{}', '2026-11-29T10:00:00.000Z')`.execute(database);
    // The key is the table's primary key: a second claim of one key is refused by the database itself.
    await expect(sql`INSERT INTO upload_keys (key, created_at) VALUES ('k1', '2026-11-29T10:00:01.000Z')`.execute(database)).rejects.toThrow();
  });

  it("rolls back to the previous schema", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await migrateTo(database, PREVIOUS);
    await expect(sql`SELECT key FROM upload_keys`.execute(database)).rejects.toThrow(/upload_keys/);
  });
});
