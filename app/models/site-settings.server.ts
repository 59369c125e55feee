import { db } from "~/infra/db.server";

/**
 * The site's settings the admin changes, one row per key in `site_settings`; an absent key has its
 * default. Read from the database on each use (no copy per worker), so every worker and instance
 * sees a change at once.
 */
export type SettingKey =
  | "wishes_review"
  // 'Menú': 'Pedir el menú a cada invitado' and 'Preguntar por niños' (app/models/menu.server.ts).
  | "menu_ask"
  | "children_ask"
  // 'Clave de recepción': the door key's scrypt hash (app/models/door.server.ts, decision 0061).
  | "door_key_hash"
  // 'Publicar mesas': guests see their table (app/models/tables.server.ts).
  | "tables_published"
  // 'Sección para las fotos de las mesas': the gallery section a table card's page uploads into (app/models/table-cards.server.ts).
  | "table_photos_section";

export async function getSetting(key: SettingKey): Promise<string | null> {
  const row = await db().selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? null;
}

export async function setSetting(key: SettingKey, value: string): Promise<void> {
  const updated_at = new Date().toISOString();
  await db()
    .insertInto("site_settings")
    .values({ key, value, updated_at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at }))
    .execute();
}
