import type { Kysely, Transaction } from "kysely";
import { bool, db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import {
  applyChoices,
  checkDish,
  countMenu,
  MAX_DISHES,
  menuOptions,
  type Dish,
  type DishInputError,
  type MenuChoiceError,
  type MenuCounts,
  type MenuOptions,
  type PersonChoice,
} from "~/lib/menu";
import { getSetting, setSetting } from "~/models/site-settings.server";
import { stringify } from "csv-stringify/sync";
import { neutralizeCell } from "~/lib/guest-list-csv";
import { replaceAnswerRows } from "~/models/guest-rows.server";
import { attendanceOf, eventNames, listExtraEvents } from "~/models/events.server";
import { WEDDING_EVENT_ID } from "~/lib/events";

/**
 * The couple's menu ('Menú'): its dishes, its two switches ('Pedir el menú a cada invitado',
 * 'Preguntar por niños'), what the confirm form asks, and the caterer's report. The rules are
 * app/lib/menu.ts's; this module stores and reads.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export async function listDishes(executor: Executor = db()): Promise<Dish[]> {
  const rows = await executor.selectFrom("menu_dishes").select(["id", "name", "name_en", "description"]).orderBy("position").orderBy("id").execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, nameEn: r.name_en, description: r.description }));
}

export interface MenuSettings {
  askMenu: boolean;
  askChildren: boolean;
}

/** Both switches; off until the couple turns them on. */
export async function menuSettings(): Promise<MenuSettings> {
  const [menu, children] = await Promise.all([getSetting("menu_ask"), getSetting("children_ask")]);
  return { askMenu: menu === "1", askChildren: children === "1" };
}

export async function setMenuSettings(settings: MenuSettings): Promise<void> {
  await setSetting("menu_ask", settings.askMenu ? "1" : "0");
  await setSetting("children_ask", settings.askChildren ? "1" : "0");
}

/** What the confirm form asks now (read inside the answer's transaction by the model that stores it). */
export async function loadMenuOptions(executor: Executor = db()): Promise<MenuOptions> {
  const rows = await executor.selectFrom("site_settings").select(["key", "value"]).where("key", "in", ["menu_ask", "children_ask"]).execute();
  const on = (key: string) => rows.some((r) => r.key === key && r.value === "1");
  return menuOptions({ askMenu: on("menu_ask"), askChildren: on("children_ask") }, await listDishes(executor));
}

export type DishError = DishInputError | "tooManyDishes" | "notFound";

export async function createDish(input: {
  name?: string;
  nameEn?: string;
  description?: string;
}): Promise<{ ok: true; dish: Dish } | { ok: false; error: DishError }> {
  const checked = checkDish(input);
  if (!checked.ok) return checked;
  return db()
    .transaction()
    .execute(async (trx) => {
      const { count, last } = await trx
        .selectFrom("menu_dishes")
        .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("position").as("last")])
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_DISHES) return { ok: false as const, error: "tooManyDishes" as const };
      const { id } = await trx
        .insertInto("menu_dishes")
        .values({ name: checked.name, name_en: checked.nameEn, description: checked.description, position: Number(last ?? 0) + 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true as const, dish: { id: Number(id), name: checked.name, nameEn: checked.nameEn, description: checked.description } };
    });
}

export async function updateDish(
  id: number,
  input: { name?: string; nameEn?: string; description?: string },
): Promise<{ ok: true; dish: Dish } | { ok: false; error: DishError }> {
  const checked = checkDish(input);
  if (!checked.ok) return checked;
  const result = await db()
    .updateTable("menu_dishes")
    .set({ name: checked.name, name_en: checked.nameEn, description: checked.description })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return { ok: false, error: "notFound" };
  return { ok: true, dish: { id, name: checked.name, nameEn: checked.nameEn, description: checked.description } };
}

/** Removes a dish; the guests who chose it are left with no dish chosen, in the same transaction. */
export async function deleteDish(id: number): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("guests").set({ dish_id: null }).where("dish_id", "=", id).execute();
      const result = await trx.deleteFrom("menu_dishes").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
}

/** A guest who is coming, as the caterer needs them. */
export interface CateringGuest {
  guest: string;
  primaryGuest: string;
  isChild: boolean;
  /** The chosen dish's Spanish name, or null. */
  dish: string | null;
  dietary: string | null;
}

/** One group of the caterer's report: today the whole wedding; a group per event once there are several. */
export interface CateringGroup {
  /** What the group is (null: everyone coming). */
  title: string | null;
  counts: MenuCounts;
  /** Every guest with a dietary note, with their name. */
  dietary: CateringGuest[];
  guests: CateringGuest[];
}

export interface CateringReport {
  groups: CateringGroup[];
  /** One group per event (the wedding first, then the couple's in their order): the site has more than the wedding. */
  perEvent?: true;
}

/** Everyone in a confirmed invitation, with the events each attends (removed events left out). */
async function peopleComing() {
  const rows = await db()
    .selectFrom("guests")
    .innerJoin("invitations", "invitations.id", "guests.invitation_id")
    .select(["guests.id", "guests.full_name", "guests.dietary", "guests.dish_id", "guests.is_child", "invitations.primary_guest"])
    .where("invitations.confirmed", "=", 1)
    .orderBy("invitations.primary_guest")
    .orderBy("guests.is_primary", "desc")
    .orderBy("guests.id")
    .execute();
  const attendance = await attendanceOf(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, attends: attendance.get(r.id) ?? [] }));
}

/** One group's counts and lists from the people it counts. */
function cateringGroup(title: string | null, rows: Awaited<ReturnType<typeof peopleComing>>, dishes: readonly Dish[]): CateringGroup {
  const names = new Map(dishes.map((d) => [d.id, d.name]));
  const guests: CateringGuest[] = rows.map((r) => ({
    guest: r.full_name,
    primaryGuest: r.primary_guest,
    isChild: bool(Number(r.is_child)),
    dish: r.dish_id === null ? null : (names.get(Number(r.dish_id)) ?? null),
    dietary: r.dietary,
  }));
  const counts = countMenu(
    rows.map((r) => ({ dishId: r.dish_id === null ? null : Number(r.dish_id), isChild: bool(Number(r.is_child)) })),
    dishes,
  );
  return { title, counts, dietary: guests.filter((g) => g.dietary), guests };
}

/**
 * 'Informe para el catering': adults, children, each dish's count and every dietary note with
 * its guest's name, counting the guests of confirmed invitations only (those coming). With more
 * than the wedding as events, one group per event (the wedding first, then the couple's in their
 * order, removed ones out), each counting only the people who attend that event.
 */
export async function cateringReport(): Promise<CateringReport> {
  const [dishes, rows, extra] = await Promise.all([listDishes(), peopleComing(), listExtraEvents()]);
  if (extra.length === 0) return { groups: [cateringGroup(null, rows, dishes)] };
  const names = await eventNames();
  const groups = [WEDDING_EVENT_ID, ...extra.map((e) => e.id)].map((id) =>
    cateringGroup(
      names.get(id) ?? String(id),
      rows.filter((r) => r.attends.includes(id)),
      dishes,
    ),
  );
  return { groups, perEvent: true };
}

/** The report's CSV columns: the first names the group; with a group per event it is the event (`evento`). */
export const CATERING_COLUMNS = ["group", "kind", "item", "count", "guest", "invitation", "dish", "child", "dietary"] as const;

/**
 * The caterer's report as CSV (RFC 4180, UTF-8 with a BOM like the guest list): per group the
 * adults, the children and each dish's count, then every guest coming with their dish, child
 * mark and dietary note. What guests typed is neutralised for spreadsheets.
 */
export function cateringCsv(report: CateringReport): string {
  const rows: string[][] = [];
  for (const group of report.groups) {
    const name = group.title ?? "";
    const total = (kind: string, item: string, count: number) => [name, kind, item, String(count), "", "", "", "", ""];
    rows.push(total("total", "adults", group.counts.adults), total("total", "children", group.counts.children));
    for (const dish of group.counts.dishes) rows.push(total("dish", dish.name, dish.count));
    rows.push(total("dish", "", group.counts.noDish));
    for (const g of group.guests) rows.push([name, "guest", "", "", g.guest, g.primaryGuest, g.dish ?? "", g.isChild ? "yes" : "no", g.dietary ?? ""]);
  }
  const columns = report.perEvent ? ["evento", ...CATERING_COLUMNS.slice(1)] : [...CATERING_COLUMNS];
  return stringify(
    rows.map((r) => r.map(neutralizeCell)),
    { header: true, columns, record_delimiter: "\r\n", bom: true },
  );
}

/** Estadísticas' 'Menú y niños' (everyone coming: attending at least one event); null while neither is asked (the screen is then as before). */
export async function menuStats(): Promise<MenuCounts | null> {
  const settings = await menuSettings();
  if (!settings.askMenu && !settings.askChildren) return null;
  const [dishes, rows] = await Promise.all([listDishes(), peopleComing()]);
  return cateringGroup(
    null,
    rows.filter((r) => r.attends.length > 0),
    dishes,
  ).counts;
}

export type EditChoicesError = "notFound" | "notConfirmed" | MenuChoiceError;

/**
 * 'Editar respuesta' (the admin): each person's dish and child mark of a confirmed invitation,
 * by guest id, under the same rule as the guests' form (applyChoices) and in one transaction:
 * a refusal changes nothing.
 */
export async function setGuestChoices(
  invitationId: number,
  sent: ReadonlyMap<number, PersonChoice>,
): Promise<{ ok: true } | { ok: false; error: EditChoicesError }> {
  return db()
    .transaction()
    .execute((trx) => setGuestChoicesIn(trx, invitationId, sent));
}

/** setGuestChoices inside the caller's transaction ('Editar respuesta' also edits the answers to the couple's questions). */
export async function setGuestChoicesIn(
  trx: Transaction<Database>,
  invitationId: number,
  sent: ReadonlyMap<number, PersonChoice>,
): Promise<{ ok: true } | { ok: false; error: EditChoicesError }> {
  const invitation = await trx.selectFrom("invitations").select(["confirmed"]).where("id", "=", invitationId).executeTakeFirst();
  if (!invitation) return { ok: false as const, error: "notFound" as const };
  if (!bool(Number(invitation.confirmed))) return { ok: false as const, error: "notConfirmed" as const };
  const guests = await trx
    .selectFrom("guests")
    .select(["id", "full_name", "dietary"])
    .where("invitation_id", "=", invitationId)
    .orderBy("is_primary", "desc")
    .orderBy("id")
    .execute();
  const people = guests.map((g) => ({ fullName: g.full_name, ...sent.get(g.id) }));
  const chosen = applyChoices(people, people, people[0] ?? {}, await loadMenuOptions(trx));
  if (!chosen.ok) return chosen;
  // The same names and notes with the new choices: each row kept (app/models/guest-rows.server.ts).
  await replaceAnswerRows(
    trx,
    invitationId,
    guests.map((g, i) => ({ fullName: g.full_name, dietary: g.dietary, dishId: chosen.choices[i].dishId, isChild: chosen.choices[i].isChild })),
  );
  return { ok: true as const };
}
