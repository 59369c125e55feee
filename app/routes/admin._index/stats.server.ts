import { getStats, listDietaryNotes } from "~/models/invitations.server";
import { attempt } from "~/http/admin/tab-action.server";
import { eventStats, listExtraEvents } from "~/models/events.server";

/** Estadísticas: the figures and every dietary note of a guest who is coming. */
export async function loadStatsTab() {
  const [stats, dietary, byEvent] = await Promise.all([
    attempt("stats", getStats),
    attempt("dietary notes", listDietaryNotes),
    // Per event (docs/decisions/0056-events.md): loaded and shown only once there is more than the wedding.
    // A failure leaves the table out; the figures above still show.
    listExtraEvents()
      .then((extra) => (extra.length > 0 ? eventStats() : []))
      .catch((error: unknown) => {
        console.error("admin: loading per-event totals failed", error);
        return [];
      }),
  ]);
  return { stats, dietary, ...(byEvent.length > 0 ? { byEvent } : {}) };
}
