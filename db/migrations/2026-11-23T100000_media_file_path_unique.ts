import { sql, type Kysely } from "kysely";

/**
 * media.file_path becomes unique: two rows naming one file meant that deleting either removed
 * the other's photo. The app has never written such rows itself (its keys are timestamp + random
 * and the admin's record refuses a recorded key), but an older database could hold some made
 * through the JSON media record. Those are not merged or deleted: they are reported (ids and
 * path) and left out of the index by id, so the migration always succeeds and every row new or
 * old outside them is unique. Deleting one of them keeps the file while another row names it
 * (see removeFiles in app/models/gallery.server.ts). Ids are never reused (AUTOINCREMENT), so
 * the exemption can only ever cover those rows.
 */
// Migrations take Kysely<any>: they must keep working when the app's Database type moves on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const duplicates = await sql<{ id: number; file_path: string }>`
    SELECT id, file_path FROM media
    WHERE id NOT IN (SELECT MIN(id) FROM media GROUP BY file_path)
    ORDER BY file_path, id`.execute(db);
  const ids = duplicates.rows.map((r) => Number(r.id)).filter((id) => Number.isSafeInteger(id));
  if (ids.length > 0) {
    console.warn(
      `media: ${ids.length} photo row(s) share a file with an older row and are left out of the unique file_path index ` +
        `(their files are kept until no row names them): ${duplicates.rows.map((r) => `#${r.id} ${r.file_path}`).join(", ")}`,
    );
  }
  const exempt = ids.length > 0 ? sql` WHERE id NOT IN (${sql.raw(ids.join(", "))})` : sql``;
  await sql`CREATE UNIQUE INDEX media_file_path_unique ON media (file_path)${exempt}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("media_file_path_unique").execute();
}
