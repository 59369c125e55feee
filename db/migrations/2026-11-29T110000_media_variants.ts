import type { Kysely } from "kysely";

/**
 * Which smaller copies of a photo's thumbnail are stored (docs/decisions/0066): `variant_widths`,
 * the widths written in both AVIF and WebP beside the thumbnail, as "240,480" (null: none). A photo
 * stored before has none and the gallery shows its single thumbnail, as it did.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("media").addColumn("variant_widths", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("media").dropColumn("variant_widths").execute();
}
