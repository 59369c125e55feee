import type { Kysely } from "kysely";

/**
 * The keys a phone's upload queue sends with each file (docs/decisions/0065-uploads-wait-for-the-signal.md):
 * one row per key, claimed before the file is read, so a file sent again after a lost answer is
 * stored once. `key` is a hash of the guest's key and where it was sent (never the key itself);
 * `media_id` and `answer` are filled in when the file is stored (`answer`: the JSON the first
 * request got, given again to a repeat); a claim with neither is an upload still being received.
 * Rows older than a day are pruned.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("upload_keys")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("media_id", "integer")
    .addColumn("answer", "text")
    /** ISO 8601 (UTC): when the key was first claimed. */
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("upload_keys_created_at").on("upload_keys").column("created_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("upload_keys").execute();
}
