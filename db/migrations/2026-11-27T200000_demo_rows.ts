import { sql, type Kysely } from "kysely";

/**
 * Which invitations and gallery sections are the demo data the first start seeded (`is_demo`), so
 * the admin can say they are there and remove exactly them. A database from before is marked by
 * what the seed wrote, as it wrote it: the same names and seats or texts, and never changed since
 * (an invitation's `updated_at` still equals its `created_at`, so nobody answered or edited it; a
 * section's texts and switches as seeded, with no English added). Anything else stays the couple's.
 * The seed's values are written out here, not imported: a migration must not move with the app.
 */
const SEEDED_INVITATIONS = [
  { primary_guest: "Ana García", max_guests: 1 },
  { primary_guest: "Familia Rodríguez", max_guests: 3 },
  { primary_guest: "Carlos Méndez", max_guests: 8 },
];
const SEEDED_SECTIONS = [
  { name: "Preboda", description: "Nuestras fotos antes del gran día", allow_upload: 0, order: 1 },
  { name: "Ceremonia", description: "Fotos de la ceremonia", allow_upload: 1, order: 2 },
  { name: "Recepción", description: "La fiesta, el brindis y el baile", allow_upload: 1, order: 3 },
  { name: "Fotos de los invitados", description: "Comparte tus fotos con nosotros", allow_upload: 1, order: 4 },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("invitations")
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("gallery_sections")
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const seeded of SEEDED_INVITATIONS) {
    await db
      .updateTable("invitations")
      .set({ is_demo: 1 })
      .where("primary_guest", "=", seeded.primary_guest)
      .where("max_guests", "=", seeded.max_guests)
      .where("confirmed", "=", 0)
      .where("status", "=", "pending")
      .where("phone", "is", null)
      .where("email", "is", null)
      .where("message", "is", null)
      .where(sql<boolean>`updated_at = created_at`)
      .execute();
  }
  for (const seeded of SEEDED_SECTIONS) {
    await db
      .updateTable("gallery_sections")
      .set({ is_demo: 1 })
      .where("name", "=", seeded.name)
      .where("description", "=", seeded.description)
      .where("order", "=", seeded.order)
      .where("allow_upload", "=", seeded.allow_upload)
      .where("is_active", "=", 1)
      .where("review_uploads", "=", 0)
      .where("name_en", "is", null)
      .where("description_en", "is", null)
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("gallery_sections").dropColumn("is_demo").execute();
  await db.schema.alterTable("invitations").dropColumn("is_demo").execute();
}
