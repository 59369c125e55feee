import { nameKey, normalizeName } from "./names";

/**
 * The couple's menu and the children question: the rules shared by the confirm form, the /api,
 * the admin's 'Menú' screen and the server (authoritative). Pure: no I/O, safe in the browser.
 *
 * Each piece is asked only once the couple turns it on: with both off (a site that never opened
 * 'Menú') every rule here answers "nothing asked, nothing stored", so the guests' form is unchanged.
 */

export const MAX_DISH_NAME_LENGTH = 80;
export const MAX_DISH_DESCRIPTION_LENGTH = 200;
/** More dishes than any wedding offers; keeps the select and the form small. */
export const MAX_DISHES = 12;

export interface Dish {
  id: number;
  name: string;
  /** The English name; null shows the Spanish one on English pages. */
  nameEn: string | null;
  description: string | null;
}

/** What the confirm form asks beside each person's name and dietary note. */
export interface MenuOptions {
  /** 'Pedir el menú a cada invitado' is on and there is at least one dish. */
  askMenu: boolean;
  /** 'Preguntar por niños' is on. */
  askChildren: boolean;
  dishes: Dish[];
}

export const NOTHING_ASKED: MenuOptions = { askMenu: false, askChildren: false, dishes: [] };

/** The menu is asked only when switched on and something can be chosen. */
export function menuOptions(settings: { askMenu: boolean; askChildren: boolean }, dishes: Dish[]): MenuOptions {
  return { askMenu: settings.askMenu && dishes.length > 0, askChildren: settings.askChildren, dishes };
}

/** A dish's name in a language: English falls back to Spanish. */
export function dishName(dish: Pick<Dish, "name" | "nameEn">, language: string): string {
  return language === "en" && dish.nameEn ? dish.nameEn : dish.name;
}

export type DishInputError = "dishNameRequired" | "dishNameTooLong" | "dishDescriptionTooLong";

/** A dish as the couple types it: names normalised, blanks are none; the Spanish name is required. */
export function checkDish(input: {
  name?: string | null;
  nameEn?: string | null;
  description?: string | null;
}): { ok: true; name: string; nameEn: string | null; description: string | null } | { ok: false; error: DishInputError } {
  const name = normalizeName(input.name ?? "");
  const nameEn = normalizeName(input.nameEn ?? "") || null;
  const description = normalizeName(input.description ?? "") || null;
  if (!name) return { ok: false, error: "dishNameRequired" };
  if (name.length > MAX_DISH_NAME_LENGTH || (nameEn?.length ?? 0) > MAX_DISH_NAME_LENGTH) return { ok: false, error: "dishNameTooLong" };
  if ((description?.length ?? 0) > MAX_DISH_DESCRIPTION_LENGTH) return { ok: false, error: "dishDescriptionTooLong" };
  return { ok: true, name, nameEn, description };
}

/** One person's choices as sent: the dish's id as text (a select's value), and the child box. */
export interface PersonChoice {
  dish?: string | number | null;
  child?: boolean | string | null;
}

/** What is stored for a person. */
export interface StoredChoice {
  dishId: number | null;
  isChild: boolean;
}

export type MenuChoiceError = "dishRequired" | "dishNotOffered";

const ticked = (value: PersonChoice["child"]) => value === true || value === "on" || value === "true" || value === "1";

/**
 * Each person's stored choices, in the order of the answer's guest list (the primary guest first,
 * as buildAnswer returns it). `sent` pairs each name as typed with its choices (names are matched
 * as buildAnswer matches them: normalised, any case); the primary guest's are `primary`, or the
 * ones sent beside the primary guest's own name. With the menu asked every person must choose one
 * of the dishes offered; a dish sent while the menu is not asked, or a child box while children
 * are not asked, is ignored.
 */
export function applyChoices(
  guests: readonly { fullName: string }[],
  sent: readonly ({ fullName?: string | null } & PersonChoice)[],
  primary: PersonChoice,
  options: MenuOptions,
): { ok: true; choices: StoredChoice[] } | { ok: false; error: MenuChoiceError } {
  const byName = new Map<string, PersonChoice>();
  for (const entry of sent) {
    const key = nameKey(entry.fullName ?? "");
    if (key && !byName.has(key)) byName.set(key, entry);
  }
  const offered = new Set(options.dishes.map((d) => d.id));
  const choices: StoredChoice[] = [];
  for (const [i, guest] of guests.entries()) {
    const own = byName.get(nameKey(guest.fullName));
    const choice: PersonChoice = i === 0 ? { dish: primary.dish || own?.dish, child: primary.child ?? own?.child } : (own ?? {});
    let dishId: number | null = null;
    if (options.askMenu) {
      const text = String(choice.dish ?? "").trim();
      if (!text) return { ok: false, error: "dishRequired" };
      const id = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
      if (!offered.has(id)) return { ok: false, error: "dishNotOffered" };
      dishId = id;
    }
    choices.push({ dishId, isChild: options.askChildren && ticked(choice.child) });
  }
  return { ok: true, choices };
}

/** Adults and children among the guests coming, and each dish's count (none chosen counted apart). */
export interface MenuCounts {
  adults: number;
  children: number;
  dishes: { id: number; name: string; nameEn: string | null; count: number }[];
  /** People coming with no dish chosen (answered before the menu was asked, or their dish removed). */
  noDish: number;
}

/** The counts of the caterer's report and the statistics from the people coming. */
export function countMenu(people: readonly { dishId: number | null; isChild: boolean }[], dishes: readonly Dish[]): MenuCounts {
  const counts = new Map(dishes.map((d) => [d.id, 0]));
  let children = 0;
  let noDish = 0;
  for (const person of people) {
    if (person.isChild) children++;
    if (person.dishId !== null && counts.has(person.dishId)) counts.set(person.dishId, counts.get(person.dishId)! + 1);
    else noDish++;
  }
  return {
    adults: people.length - children,
    children,
    dishes: dishes.map((d) => ({ id: d.id, name: d.name, nameEn: d.nameEn, count: counts.get(d.id) ?? 0 })),
    noDish,
  };
}

/** 'Por menú' in Invitaciones (`?dish=<id>`): the invitations with at least one person who chose that dish. */
export function filterByDish<T extends { guests: readonly { dishId?: number | null }[] }>(invitations: readonly T[], dish: string | null | undefined): T[] {
  const id = /^\d{1,9}$/.test(dish ?? "") ? Number(dish) : null;
  if (id === null) return [...invitations];
  return invitations.filter((inv) => inv.guests.some((g) => g.dishId === id));
}
