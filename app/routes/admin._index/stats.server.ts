import { getStats, listDietaryNotes } from "~/models/invitations.server";
import { attempt } from "~/http/admin/tab-action.server";
import { eventStats } from "~/models/events.server";

/** Estadísticas: the figures and every dietary note of a guest who is coming. */
export async function loadStatsTab() {
  const [stats, dietary, byEvent] = await Promise.all([
    attempt("stats", getStats),
    attempt("dietary notes", listDietaryNotes),
    // Per event (docs/decisions/0056-events.md): shown once there is more than the wedding.
    eventStats().catch(() => []),
  ]);
  return { stats, dietary, byEvent };
}
