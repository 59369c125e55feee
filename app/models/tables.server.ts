import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { bool, db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import type { Dish } from "~/lib/menu";
import { nameKey } from "~/lib/names";
import { checkTable, firstName, MAX_TABLES, type TableInputError } from "~/lib/tables";
import { listDishes } from "~/models/menu.server";
import { getSetting, setSetting } from "~/models/site-settings.server";

/**
 * The seating plan ('Mesas'), the one home of its rules: the tables ('Nombre o número', 'Puestos',
 * an unguessable token for the table card's page), who sits where (only people of confirmed
 * invitations are seated; null is 'Sin mesa'), the plan as the admin sees it with its warnings
 * (which never block), 'Publicar mesas', and what a guest's own page says about their table.
 * No foreign keys (see the migration): a table that is gone reads as none.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export interface SeatingTable {
  id: number;
  name: string;
  seats: number;
  /** The table card's address is /mesa/{token}. */
  token: string;
  position: number;
}

/** 128 random bits, base64url: the table card's address cannot be guessed from another's. */
export function newTableToken(): string {
  return crypto.randomBytes(16).toString("base64url");
}

const toTable = (r: { id: number; name: string; seats: number; token: string; position: number }): SeatingTable => ({
  id: Number(r.id),
  name: r.name,
  seats: Number(r.seats),
  token: r.token,
  position: Number(r.position),
});

/** Every table in the couple's order (then oldest first). */
export async function listTables(executor: Executor = db()): Promise<SeatingTable[]> {
  const rows = await executor.selectFrom("seating_tables").select(["id", "name", "seats", "token", "position"]).orderBy("position").orderBy("id").execute();
  return rows.map(toTable);
}

export type TableError = TableInputError | "tooManyTables" | "notFound" | "nameTaken";

/**
 * Whether another table already has this name (the same once trimmed, case aside): a new name
 * must tell its table apart. Read inside the writing transaction (one writer at a time on both
 * engines), not a unique index: a database may already hold two tables of one name, and they still
 * read, seat people and may keep their names.
 */
async function nameTaken(trx: Executor, name: string, exceptId: number | null): Promise<boolean> {
  const key = nameKey(name);
  const rows = await trx.selectFrom("seating_tables").select(["id", "name"]).execute();
  return rows.some((row) => Number(row.id) !== exceptId && nameKey(row.name) === key);
}

/** 'Agregar mesa': checked, a name no other table has, placed last, with its token made now (it never changes). */
export async function createTable(input: {
  name?: string;
  seats?: number | string;
}): Promise<{ ok: true; table: SeatingTable } | { ok: false; error: TableError }> {
  const checked = checkTable(input);
  if (!checked.ok) return checked;
  return db()
    .transaction()
    .execute(async (trx) => {
      const { count, last } = await trx
        .selectFrom("seating_tables")
        .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("position").as("last")])
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_TABLES) return { ok: false as const, error: "tooManyTables" as const };
      if (await nameTaken(trx, checked.name, null)) return { ok: false as const, error: "nameTaken" as const };
      const row = { name: checked.name, seats: checked.seats, token: newTableToken(), position: Number(last ?? 0) + 1 };
      const { id } = await trx.insertInto("seating_tables").values(row).returning("id").executeTakeFirstOrThrow();
      return { ok: true as const, table: toTable({ id, ...row }) };
    });
}

/**
 * Renames a table or changes its seats (fewer seats than people is a warning, not a refusal). A new
 * name no other table has; its own name kept (or its case changed) is always allowed, even where
 * an older database already holds another table of that name.
 */
export async function updateTable(id: number, input: { name?: string; seats?: number | string }): Promise<{ ok: true } | { ok: false; error: TableError }> {
  const checked = checkTable(input);
  if (!checked.ok) return checked;
  return db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("seating_tables").select("name").where("id", "=", id).executeTakeFirst();
      if (!current) return { ok: false as const, error: "notFound" as const };
      if (nameKey(current.name) !== nameKey(checked.name) && (await nameTaken(trx, checked.name, id)))
        return { ok: false as const, error: "nameTaken" as const };
      await trx.updateTable("seating_tables").set({ name: checked.name, seats: checked.seats }).where("id", "=", id).execute();
      return { ok: true as const };
    });
}

/** Removes a table; its people go back to 'Sin mesa' in the same transaction. False when it did not exist. */
export async function removeTable(id: number): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("guests").set({ table_id: null }).where("table_id", "=", id).execute();
      const result = await trx.deleteFrom("seating_tables").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
}

/** One person's place: a table, or null for 'Sin mesa'. */
export interface SeatMove {
  guestId: number;
  tableId: number | null;
}

export type SeatError = "unknownGuest" | "unknownTable" | "notConfirmed";

/**
 * Seats people (the whole plan's form, a drag, a 'Mesa' select): every move checked first, then
 * all written in one transaction, so a refusal stores nothing. A person must exist; a table must
 * exist; only people of confirmed invitations are seated (anyone may go back to 'Sin mesa': a
 * person whose invitation has since declined is moved out that way, and their place sent back
 * unchanged is left as it is). The same person twice: the last move wins.
 */
export async function seatGuests(moves: readonly SeatMove[]): Promise<{ ok: true; moved: number } | { ok: false; error: SeatError }> {
  const last = new Map<number, number | null>();
  for (const m of moves) last.set(m.guestId, m.tableId);
  if (last.size === 0) return { ok: true, moved: 0 };
  return db()
    .transaction()
    .execute(async (trx) => {
      const guestIds = [...last.keys()];
      const people = await trx
        .selectFrom("guests")
        .innerJoin("invitations", "invitations.id", "guests.invitation_id")
        .select(["guests.id", "guests.table_id", "invitations.confirmed"])
        .where("guests.id", "in", guestIds)
        .execute();
      if (people.length !== guestIds.length) return { ok: false as const, error: "unknownGuest" as const };
      const tableIds = [...new Set([...last.values()].filter((t): t is number => t !== null))];
      if (tableIds.length) {
        const found = await trx.selectFrom("seating_tables").select("id").where("id", "in", tableIds).execute();
        if (found.length !== tableIds.length) return { ok: false as const, error: "unknownTable" as const };
      }
      // A place kept as it is (a whole plan saved from a page loaded before the invitation declined) is no new seating.
      const byId = new Map(people.map((p) => [Number(p.id), p]));
      for (const [guestId, tableId] of last) {
        const person = byId.get(guestId)!;
        if (tableId === null || bool(Number(person.confirmed))) continue;
        if (person.table_id !== null && Number(person.table_id) === tableId) last.delete(guestId);
        else return { ok: false as const, error: "notConfirmed" as const };
      }
      // One statement per destination, not per person.
      const byTable = new Map<number | null, number[]>();
      for (const [guestId, tableId] of last) byTable.set(tableId, [...(byTable.get(tableId) ?? []), guestId]);
      for (const [tableId, ids] of byTable) await trx.updateTable("guests").set({ table_id: tableId }).where("id", "in", ids).execute();
      return { ok: true as const, moved: last.size };
    });
}

/** 'Publicar mesas': off until the couple turns it on; guests see their table only while it is on. */
export async function tablesPublished(): Promise<boolean> {
  return (await getSetting("tables_published")) === "1";
}

export async function setTablesPublished(published: boolean): Promise<void> {
  await setSetting("tables_published", published ? "1" : "0");
}

/** A person as the plan shows them. */
export interface PlanPerson {
  id: number;
  name: string;
  invitationId: number;
  /** The invitation's primary guest: what the couple calls the group. */
  invitation: string;
  /** The dish chosen from the menu, if any. */
  dish: Dish | null;
  isChild: boolean;
  /** The table they sit at (one that still exists), or null. */
  tableId: number | null;
}

export interface PlanTable extends SeatingTable {
  people: PlanPerson[];
  /** Seats left (never below zero: over is a warning). */
  free: number;
}

export type PlanWarning =
  | { kind: "overfull"; table: string; people: number; seats: number }
  | { kind: "split"; invitation: string; tables: string[] }
  | { kind: "notComing"; guestId: number; name: string; invitation: string; table: string };

export interface SeatingPlan {
  tables: PlanTable[];
  /** People of confirmed invitations with no table ('Sin mesa'). */
  unseated: PlanPerson[];
  /** 'Sentados 40 de 132': people of confirmed invitations at a table, and all of them. */
  seated: number;
  confirmed: number;
  warnings: PlanWarning[];
  published: boolean;
}

/**
 * The plan as the admin sees it: each table with its people (of confirmed invitations, with their
 * dish and child mark) and free seats, the people 'Sin mesa', the totals, and the warnings, which
 * never block: a table with more people than seats, an invitation whose people sit at different
 * tables, and someone still at a table whose invitation is no longer confirmed (declined, or set
 * back to pending): they keep their table until the couple moves them.
 */
export async function seatingPlan(): Promise<SeatingPlan> {
  const [tables, dishes, rows, published] = await Promise.all([
    listTables(),
    listDishes(),
    db()
      .selectFrom("guests")
      .innerJoin("invitations", "invitations.id", "guests.invitation_id")
      .select([
        "guests.id",
        "guests.full_name",
        "guests.invitation_id",
        "guests.dish_id",
        "guests.is_child",
        "guests.table_id",
        "invitations.primary_guest",
        "invitations.confirmed",
      ])
      .orderBy("invitations.primary_guest")
      .orderBy("guests.invitation_id")
      .orderBy("guests.is_primary", "desc")
      .orderBy("guests.id")
      .execute(),
    tablesPublished(),
  ]);
  const tableById = new Map(tables.map((t) => [t.id, t]));
  const dishById = new Map(dishes.map((d) => [d.id, d]));
  const planTables: PlanTable[] = tables.map((t) => ({ ...t, people: [], free: t.seats }));
  const planById = new Map(planTables.map((t) => [t.id, t]));
  const unseated: PlanPerson[] = [];
  const warnings: PlanWarning[] = [];
  let confirmed = 0;
  for (const r of rows) {
    const tableId = r.table_id !== null && tableById.has(Number(r.table_id)) ? Number(r.table_id) : null;
    const person: PlanPerson = {
      id: Number(r.id),
      name: r.full_name,
      invitationId: Number(r.invitation_id),
      invitation: r.primary_guest,
      dish: r.dish_id === null ? null : (dishById.get(Number(r.dish_id)) ?? null),
      isChild: bool(Number(r.is_child)),
      tableId,
    };
    if (!bool(Number(r.confirmed))) {
      if (tableId !== null) {
        warnings.push({ kind: "notComing", guestId: person.id, name: person.name, invitation: person.invitation, table: tableById.get(tableId)!.name });
      }
      continue;
    }
    confirmed++;
    if (tableId === null) unseated.push(person);
    else planById.get(tableId)!.people.push(person);
  }
  let seated = 0;
  for (const t of planTables) {
    seated += t.people.length;
    t.free = Math.max(0, t.seats - t.people.length);
    if (t.people.length > t.seats) warnings.unshift({ kind: "overfull", table: t.name, people: t.people.length, seats: t.seats });
  }
  // An invitation split across tables (its people 'Sin mesa' do not count: not placed yet).
  const tablesOf = new Map<number, { invitation: string; tables: Set<number> }>();
  for (const t of planTables) {
    for (const p of t.people) {
      const entry = tablesOf.get(p.invitationId) ?? { invitation: p.invitation, tables: new Set<number>() };
      entry.tables.add(t.id);
      tablesOf.set(p.invitationId, entry);
    }
  }
  const splits: PlanWarning[] = [];
  for (const { invitation, tables: ids } of tablesOf.values()) {
    if (ids.size > 1) splits.push({ kind: "split", invitation, tables: planTables.filter((t) => ids.has(t.id)).map((t) => t.name) });
  }
  const overfull = warnings.filter((w) => w.kind === "overfull");
  const notComing = warnings.filter((w) => w.kind === "notComing");
  return { tables: planTables, unseated, seated, confirmed, warnings: [...overfull, ...splits, ...notComing], published };
}

/** One table as a guest's page names it: the invitation's people there and the first names of the others. */
export interface GuestTable {
  table: string;
  /** This invitation's people at it. */
  people: string[];
  /** The first names of everyone else at it (people of confirmed invitations). */
  others: string[];
}

/**
 * What a confirmed invitation's own page says about its table: nothing (null) while 'Publicar
 * mesas' is off, while the invitation is not confirmed, or while none of its people has a table;
 * otherwise each table its people sit at (more than one when the couple split them).
 */
export async function guestSeating(invitationId: number): Promise<GuestTable[] | null> {
  if (!(await tablesPublished())) return null;
  const own = await db()
    .selectFrom("guests")
    .innerJoin("invitations", "invitations.id", "guests.invitation_id")
    .innerJoin("seating_tables", "seating_tables.id", "guests.table_id")
    .select(["guests.full_name", "guests.table_id", "seating_tables.name", "seating_tables.position"])
    .where("guests.invitation_id", "=", invitationId)
    .where("invitations.confirmed", "=", 1)
    .orderBy("guests.is_primary", "desc")
    .orderBy("guests.id")
    .execute();
  if (own.length === 0) return null;
  const tableIds = [...new Set(own.map((r) => Number(r.table_id)))];
  const others = await db()
    .selectFrom("guests")
    .innerJoin("invitations", "invitations.id", "guests.invitation_id")
    .select(["guests.full_name", "guests.table_id"])
    .where("guests.table_id", "in", tableIds)
    .where("guests.invitation_id", "<>", invitationId)
    .where("invitations.confirmed", "=", 1)
    .orderBy("invitations.primary_guest")
    .orderBy("guests.is_primary", "desc")
    .orderBy("guests.id")
    .execute();
  return tableIds.map((id) => ({
    table: own.find((r) => Number(r.table_id) === id)!.name,
    people: own.filter((r) => Number(r.table_id) === id).map((r) => r.full_name),
    others: others.filter((r) => Number(r.table_id) === id).map((r) => firstName(r.full_name)),
  }));
}
