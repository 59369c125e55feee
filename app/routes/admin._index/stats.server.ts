import { getStats, listDietaryNotes } from "~/models/invitations.server";
import { menuStats } from "~/models/menu.server";
import { attempt } from "~/http/admin/tab-action.server";

/** Estadísticas: the figures and every dietary note of a guest who is coming. */
export async function loadStatsTab() {
  const [stats, dietary, menu] = await Promise.all([attempt("stats", getStats), attempt("dietary notes", listDietaryNotes), menuStats().catch(() => null)]);
  // Only once the couple asks for the menu or about children: the screen is otherwise as before.
  return { stats, dietary, ...(menu ? { menu } : {}) };
}
