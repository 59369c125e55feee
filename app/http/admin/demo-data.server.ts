import type { AdminInput, AdminResult } from "~/lib/admin-schemas";
import { demoData, removeDemoData } from "~/models/demo-data.server";
import { failed } from "./access.server";
import { attempt, done } from "./tab-action.server";

/** The demo data still on the site, for the notice on Estadísticas, Invitaciones and Galería (null when it cannot be read). */
export async function demoDataNotice() {
  const data = await attempt("demo data", demoData);
  return "error" in data ? null : data;
}

export const removeDemoDataFailure = "dashboard:demoData.removeError";

/**
 * 'Quitar los datos de ejemplo', confirmed: removes what the confirmation named (the model keeps
 * anything changed since). Nothing removed is a 409 that says so: the notice shows what is left.
 */
export async function removeDemoDataHandler(input: AdminInput<"removeDemoData">): Promise<AdminResult> {
  const removed = await removeDemoData({ invitations: input.invitations, answered: input.answered, sections: input.sections, questions: input.questions });
  if (removed.invitations + removed.sections + removed.questions === 0) return failed(input.intent, "dashboard:demoData.nothingRemoved", 409);
  return done(input.intent, "dashboard:demoData.removed");
}
