import { statsTabSchema } from "~/lib/admin-schemas";
import { getStats, listDietaryNotes } from "~/models/invitations.server";
import { eventStats, listExtraEvents } from "~/models/events.server";
import { menuStats } from "~/models/menu.server";
import { arrivalCounts } from "~/models/door.server";
import { questionStats } from "~/models/guest-questions.server";
import { removeDemoDataFailure, removeDemoDataHandler } from "~/http/admin/demo-data.server";
import { attempt, type AdminScreenActions } from "~/http/admin/tab-action.server";

/** Estadísticas: the figures and every dietary note of a guest who is coming. */
export async function loadStatsTab() {
  const [stats, dietary, menu, arrivals, byEvent, questions] = await Promise.all([
    attempt("stats", getStats),
    attempt("dietary notes", listDietaryNotes),
    menuStats().catch(() => null),
    arrivalCounts().catch(() => null),
    // Per event (docs/decisions/0057-events.md): loaded and shown only once there is more than the wedding.
    // A failure leaves the table out; the figures above still show.
    listExtraEvents()
      .then((extra) => (extra.length > 0 ? eventStats() : []))
      .catch((error: unknown) => {
        console.error("admin: loading per-event totals failed", error);
        return [];
      }),
    // The couple's yes/no and list questions: shown only when there is one.
    questionStats().catch((error: unknown) => {
      console.error("admin: loading the questions' counts failed", error);
      return [];
    }),
  ]);
  // The menu only once the couple asks for it or about children: the screen is otherwise as before.
  // The arrivals ('Llegaron n de m') only once the door has marked its first guest.
  return {
    stats,
    dietary,
    ...(menu ? { menu } : {}),
    ...(arrivals && arrivals.arrived > 0 ? { arrivals } : {}),
    ...(byEvent.length > 0 ? { byEvent } : {}),
    ...(questions.length > 0 ? { questions } : {}),
  };
}

/** Its one form: 'Quitar los datos de ejemplo' (the notice above the figures). */
export const statsTab: AdminScreenActions<"removeDemoData"> = {
  schema: statsTabSchema,
  failures: { removeDemoData: removeDemoDataFailure },
  handlers: { removeDemoData: removeDemoDataHandler },
};
