import { db } from "~/infra/db.server";
import { checkAdminPassword, doorKeyTag, hashPassword, verifyPasswordHash } from "~/infra/secrets.server";
import { endSessionsOf } from "~/infra/session.server";
import { codeInScan, doorKeyLengthError, DOOR_QUERY_MAX_LENGTH, type DoorKeyError } from "~/lib/door";
import { foldText } from "~/lib/fold-text";
import { getSetting, setSetting } from "~/models/site-settings.server";

/**
 * The door ('Recepción', decision 0061): its key, who has arrived, and the search the people at
 * the door run. Only people of confirmed invitations are there to be found and counted.
 */

/* ---------- 'Clave de recepción' ---------- */

/**
 * Sets the door key (or changes it): at least six characters, never the admin password. Stored as
 * a salted scrypt hash, the admin password's way, in site_settings: every worker and instance reads
 * it from the database at once, and the backup carries it with the other settings. A new key ends
 * every door session opened with the old one.
 */
export async function setDoorKey(key: string): Promise<{ ok: true } | { ok: false; error: DoorKeyError }> {
  const lengthError = doorKeyLengthError(key);
  if (lengthError) return { ok: false, error: lengthError };
  if (checkAdminPassword(key)) return { ok: false, error: "sameAsAdmin" };
  await setSetting("door_key_hash", hashPassword(key));
  // The new hash's tag already fails every old door session; ending their rows says so plainly.
  await endSessionsOf("door");
  return { ok: true };
}

/** Whether the couple has set a door key ('Recepción' refuses every key until then). */
export async function hasDoorKey(): Promise<boolean> {
  return Boolean(await getSetting("door_key_hash"));
}

/** Whether `key` is the door key: the tag to open the door's session with, or null. */
export async function checkDoorKey(key: string): Promise<{ tag: string } | null> {
  const hash = await getSetting("door_key_hash");
  if (!hash || !key || key.length > 1000) return null;
  return verifyPasswordHash(key, hash) ? { tag: doorKeyTag(hash) } : null;
}

/** The tag of the current door key (door sessions carry it), or null while there is none. */
export async function currentDoorTag(): Promise<string | null> {
  const hash = await getSetting("door_key_hash");
  return hash ? doorKeyTag(hash) : null;
}

/* ---------- Arrivals ---------- */

export interface ArrivalCounts {
  /** People of confirmed invitations marked as arrived. */
  arrived: number;
  /** People of confirmed invitations. */
  confirmed: number;
}

/** 'Llegaron 87 de 132': arrived people of confirmed invitations, of all their people. */
export async function arrivalCounts(): Promise<ArrivalCounts> {
  const row = await db()
    .selectFrom("guests")
    .innerJoin("invitations", "invitations.id", "guests.invitation_id")
    .select((eb) => [eb.fn.countAll<number>().as("confirmed"), eb.fn.count<number>("guests.arrived_at").as("arrived")])
    .where("invitations.confirmed", "=", 1)
    .executeTakeFirstOrThrow();
  return { arrived: Number(row.arrived), confirmed: Number(row.confirmed) };
}

export type ArrivalError = "notFound";

/**
 * Marks a person of a confirmed invitation as arrived. Marking again keeps the first time (two
 * phones tapping at once, a resent form): the time the door first saw them.
 */
export async function markArrival(guestId: number, now: Date = new Date()): Promise<{ ok: true } | { ok: false; error: ArrivalError }> {
  if (!(await confirmedGuest(guestId))) return { ok: false, error: "notFound" };
  await db().updateTable("guests").set({ arrived_at: now.toISOString() }).where("id", "=", guestId).where("arrived_at", "is", null).execute();
  return { ok: true };
}

/** 'Deshacer': the person is no longer marked as arrived (again: nothing changes). */
export async function undoArrival(guestId: number): Promise<{ ok: true } | { ok: false; error: ArrivalError }> {
  if (!(await confirmedGuest(guestId))) return { ok: false, error: "notFound" };
  await db().updateTable("guests").set({ arrived_at: null }).where("id", "=", guestId).execute();
  return { ok: true };
}

async function confirmedGuest(guestId: number): Promise<boolean> {
  const row = await db()
    .selectFrom("guests")
    .innerJoin("invitations", "invitations.id", "guests.invitation_id")
    .select("guests.id")
    .where("guests.id", "=", guestId)
    .where("invitations.confirmed", "=", 1)
    .executeTakeFirst();
  return !!row;
}

/* ---------- The door's search ---------- */

export interface DoorPerson {
  id: number;
  name: string;
  /** Their table's name ('Mesas'), or null while not seated. */
  table: string | null;
  /** Their dish, both languages (the couple's menu), or null. */
  dish: { name: string; nameEn: string | null } | null;
  arrivedAt: string | null;
}

export interface DoorInvitation {
  id: number;
  code: string;
  primaryGuest: string;
  people: DoorPerson[];
}

/** At most this many invitations answer a search: a name typed at the door finds a handful. */
export const DOOR_RESULTS_MAX = 30;

/**
 * The people of confirmed invitations whose name holds every word of `query`, ignoring accents and
 * case ('Jose' finds 'José', 'munoz' finds 'Muñoz'), grouped by invitation; a personal link or a
 * code (the guest's QR code) finds its invitation too. Compared here, in JavaScript over the
 * confirmed people, so SQLite and PostgreSQL answer alike with no stored copy of every name: a few
 * hundred rows read per search, well within a phone's tap.
 */
export async function searchDoor(query: string): Promise<DoorInvitation[]> {
  const words = foldText(query.slice(0, DOOR_QUERY_MAX_LENGTH)).split(" ").filter(Boolean);
  const code = codeInScan(query.slice(0, DOOR_QUERY_MAX_LENGTH));
  if (words.length === 0 && !code) return [];
  const rows = await db()
    .selectFrom("guests")
    .innerJoin("invitations", "invitations.id", "guests.invitation_id")
    .leftJoin("seating_tables", "seating_tables.id", "guests.table_id")
    .leftJoin("menu_dishes", "menu_dishes.id", "guests.dish_id")
    .select([
      "guests.id",
      "guests.full_name",
      "guests.arrived_at",
      "guests.is_primary",
      "invitations.id as invitation_id",
      "invitations.code",
      "invitations.primary_guest",
      "seating_tables.name as table_name",
      "menu_dishes.name as dish_name",
      "menu_dishes.name_en as dish_name_en",
    ])
    .where("invitations.confirmed", "=", 1)
    .orderBy("invitations.primary_guest")
    .orderBy("invitations.id")
    .orderBy("guests.is_primary", "desc")
    .orderBy("guests.id")
    .execute();
  const matching = new Set<number>();
  for (const row of rows) {
    const name = foldText(row.full_name);
    if ((code && row.code === code) || (words.length > 0 && words.every((w) => name.includes(w)))) matching.add(row.invitation_id);
  }
  const found = new Map<number, DoorInvitation>();
  for (const row of rows) {
    if (!matching.has(row.invitation_id)) continue;
    let invitation = found.get(row.invitation_id);
    if (!invitation) {
      if (found.size >= DOOR_RESULTS_MAX) continue;
      invitation = { id: row.invitation_id, code: row.code, primaryGuest: row.primary_guest, people: [] };
      found.set(row.invitation_id, invitation);
    }
    invitation.people.push({
      id: row.id,
      name: row.full_name,
      table: row.table_name ?? null,
      dish: row.dish_name ? { name: row.dish_name, nameEn: row.dish_name_en ?? null } : null,
      arrivedAt: row.arrived_at,
    });
  }
  return [...found.values()];
}
