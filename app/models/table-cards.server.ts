import { bool, db } from "~/infra/db.server";
import { dishName } from "~/lib/menu";
import { tablePhotosSection } from "~/lib/table-cards";
import { firstName } from "~/lib/tables";
import { tablesPublished } from "~/models/tables.server";
import { currentContent } from "~/models/content-live.server";
import { weddingDates } from "~/models/content-dates.server";
import { getSetting, setSetting } from "~/models/site-settings.server";
import { programmeIn, programmeShownAt, type ProgrammeLine } from "~/lib/programme";

/**
 * What the table cards read ('Mesas' writes the tables and who sits where): a table by its card's
 * token, the people at it, the printables' lists, and the gallery section a table's photos go to.
 * People count only when their invitation is confirmed: a guest who declined or has not answered
 * is not at the party, whatever seat 'Mesas' gave them.
 */

/** A card's token as 'Mesas' makes it: 128 random bits in base64url (22 characters). */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export interface CardTable {
  id: number;
  name: string;
  token: string;
}

/** The table whose card carries this token, or null (any other text, or a table removed since). */
export async function tableByToken(token: string): Promise<CardTable | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db().selectFrom("seating_tables").select(["id", "name", "token"]).where("token", "=", token).executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name, token: row.token } : null;
}

/**
 * The first names of the people at a table (confirmed invitations), in the order they were seated;
 * none while 'Publicar mesas' is off (no guest sees who sits where before the couple publishes it).
 */
export async function seatedFirstNames(tableId: number): Promise<string[]> {
  if (!(await tablesPublished())) return [];
  const rows = await db()
    .selectFrom("guests")
    .innerJoin("invitations", "invitations.id", "guests.invitation_id")
    .select("guests.full_name")
    .where("guests.table_id", "=", tableId)
    .where("invitations.status", "=", "confirmed")
    .orderBy("guests.invitation_id")
    .orderBy("guests.id")
    .execute();
  return rows.map((r) => firstName(r.full_name));
}

export interface SeatedPerson {
  fullName: string;
  tableId: number;
  tableName: string;
  /** The dish chosen from 'Menú' in the invitation's language, or null. */
  dish: string | null;
  language: "es" | "en";
}

export interface TablesWithPeople {
  tables: (CardTable & { people: SeatedPerson[] })[];
  /** Whether the couple has dishes ('Menú'): the place cards then name each person's. */
  hasDishes: boolean;
}

/** Every table in 'Mesas' order with the people seated at it (confirmed invitations), for the printables. */
export async function tablesWithPeople(): Promise<TablesWithPeople> {
  const [tables, people, dishes] = await Promise.all([
    db().selectFrom("seating_tables").select(["id", "name", "token"]).orderBy("position").orderBy("id").execute(),
    db()
      .selectFrom("guests")
      .innerJoin("invitations", "invitations.id", "guests.invitation_id")
      .innerJoin("seating_tables", "seating_tables.id", "guests.table_id")
      .leftJoin("menu_dishes", "menu_dishes.id", "guests.dish_id")
      .select([
        "guests.full_name",
        "guests.table_id",
        "seating_tables.name as table_name",
        "invitations.language",
        "menu_dishes.name as dish_name",
        "menu_dishes.name_en as dish_name_en",
      ])
      .where("invitations.status", "=", "confirmed")
      .orderBy("guests.invitation_id")
      .orderBy("guests.id")
      .execute(),
    db().selectFrom("menu_dishes").select("id").limit(1).execute(),
  ]);
  const seated: SeatedPerson[] = people.map((p) => ({
    fullName: p.full_name,
    tableId: Number(p.table_id),
    tableName: p.table_name,
    language: p.language,
    dish: p.dish_name ? dishName({ name: p.dish_name, nameEn: p.dish_name_en }, p.language) : null,
  }));
  return {
    tables: tables.map((t) => ({ id: Number(t.id), name: t.name, token: t.token, people: seated.filter((p) => p.tableId === Number(t.id)) })),
    hasDishes: dishes.length > 0,
  };
}

export interface UploadSection {
  id: number;
  name: string;
  is_active: boolean;
  allow_upload: boolean;
}

/** The gallery's sections (no photos), in the gallery's order: the choices for the tables' photos. */
export async function sectionChoices(): Promise<UploadSection[]> {
  const rows = await db().selectFrom("gallery_sections").select(["id", "name", "is_active", "allow_upload"]).orderBy("order").orderBy("id").execute();
  return rows.map((s) => ({ id: Number(s.id), name: s.name, is_active: bool(s.is_active), allow_upload: bool(s.allow_upload) }));
}

/** 'Sección para las fotos de las mesas' as saved (null: none chosen). */
export async function chosenTablePhotosSection(): Promise<number | null> {
  const value = await getSetting("table_photos_section");
  return value && /^[0-9]{1,15}$/.test(value) ? Number(value) : null;
}

/** Saves the choice; an id that is no section is refused (null clears it). */
export async function setTablePhotosSection(id: number | null): Promise<boolean> {
  if (id !== null && !(await sectionChoices()).some((s) => s.id === id)) return false;
  await setSetting("table_photos_section", id === null ? "" : String(id));
  return true;
}

/** Where a table's photos go now: the chosen section while it is active and takes uploads, else the first that does; null: none does. */
export async function tablePhotosTarget(): Promise<UploadSection | null> {
  const [sections, chosen] = await Promise.all([sectionChoices(), chosenTablePhotosSection()]);
  return tablePhotosSection(sections, chosen);
}

/** 'Programa del día' in a language, sorted, when it is shown now (the day before the wedding to the day after); null otherwise or when empty. */
export async function programmeNow(lng: string, now = new Date()): Promise<ProgrammeLine[] | null> {
  const [{ programme }, { weddingDate, timeZone }] = await Promise.all([currentContent(), weddingDates()]);
  if (!programme.entries.length || !programmeShownAt(now, weddingDate, timeZone)) return null;
  return programmeIn(programme.entries, lng);
}

/** The whole programme in a language, sorted (a table's page shows it whenever it is open). */
export async function programmeLines(lng: string): Promise<ProgrammeLine[]> {
  return programmeIn((await currentContent()).programme.entries, lng);
}
