import { statsTabSchema } from "~/lib/admin-schemas";
import { getStats, listDietaryNotes } from "~/models/invitations.server";
import { menuStats } from "~/models/menu.server";
import { arrivalCounts } from "~/models/door.server";
import { removeDemoDataFailure, removeDemoDataHandler } from "~/http/admin/demo-data.server";
import { attempt, type AdminScreenActions } from "~/http/admin/tab-action.server";

/** Estadísticas: the figures and every dietary note of a guest who is coming. */
export async function loadStatsTab() {
  const [stats, dietary, menu, arrivals] = await Promise.all([
    attempt("stats", getStats),
    attempt("dietary notes", listDietaryNotes),
    menuStats().catch(() => null),
    arrivalCounts().catch(() => null),
  ]);
  // Only once the couple asks for the menu or about children: the screen is otherwise as before.
  // The arrivals ('Llegaron n de m') only once the door has marked its first guest.
  return { stats, dietary, ...(menu ? { menu } : {}), ...(arrivals && arrivals.arrived > 0 ? { arrivals } : {}) };
}

/** Its one form: 'Quitar los datos de ejemplo' (the notice above the figures). */
export const statsTab: AdminScreenActions<"removeDemoData"> = {
  schema: statsTabSchema,
  failures: { removeDemoData: removeDemoDataFailure },
  handlers: { removeDemoData: removeDemoDataHandler },
};
