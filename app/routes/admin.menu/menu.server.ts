import { menuTabSchema } from "~/lib/menu-schemas";
import { createDish, deleteDish, listDishes, menuSettings, setMenuSettings, updateDish, type DishError } from "~/models/menu.server";
import { failed } from "~/http/admin/access.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";
import type { z } from "zod";

/** 'Menú': the two switches and the dishes. */
export async function loadMenuTab() {
  const [settings, dishes] = await Promise.all([menuSettings(), attempt("dishes", () => listDishes())]);
  return { settings, dishes };
}

type MenuIntent = z.infer<typeof menuTabSchema>["intent"];

const FAILED = "menu:failed";
const failures: Record<MenuIntent, string> = { saveMenuSettings: FAILED, addDish: FAILED, saveDish: FAILED, deleteDish: FAILED };

const refusal = (intent: MenuIntent, error: DishError) => failed(intent, `menu:errors.${error}`, error === "notFound" ? 404 : 400);

export const menuTab: AdminScreenActions<MenuIntent> = {
  schema: menuTabSchema,
  failures,
  handlers: {
    async saveMenuSettings(input) {
      await setMenuSettings({ askMenu: input.askMenu, askChildren: input.askChildren });
      return done(input.intent, "menu:settingsSaved");
    },
    async addDish(input) {
      const result = await createDish(input);
      return result.ok ? done(input.intent, "menu:added") : refusal(input.intent, result.error);
    },
    async saveDish(input) {
      const result = await updateDish(input.id, input);
      return result.ok ? done(input.intent, "menu:saved") : refusal(input.intent, result.error);
    },
    async deleteDish(input) {
      if (!(await deleteDish(input.id))) return refusal(input.intent, "notFound");
      return done(input.intent, "menu:deleted");
    },
  },
};
