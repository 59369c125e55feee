import type { z } from "zod";
import { doorTabSchema } from "~/lib/door-schemas";
import { publicBaseUrl } from "~/http/public-url.server";
import { failed } from "~/http/admin/access.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";
import { arrivalCounts, hasDoorKey, setDoorKey } from "~/models/door.server";

/** 'Recepción' (/admin/door): whether a door key is set, the door's address and the arrivals so far. */
export async function loadDoorTab(request: Request) {
  const [hasKey, counts] = await Promise.all([hasDoorKey(), attempt("arrivals", arrivalCounts)]);
  return { hasKey, counts, address: `${publicBaseUrl(request)}/recepcion` };
}

type DoorIntent = z.infer<typeof doorTabSchema>["intent"];

export const doorTab: AdminScreenActions<DoorIntent> = {
  schema: doorTabSchema,
  failures: { saveDoorKey: "door:admin.failed" },
  handlers: {
    async saveDoorKey(input) {
      const result = await setDoorKey(input.key);
      return result.ok ? done(input.intent, "door:admin.saved") : failed(input.intent, `door:errors.${result.error}`, 400);
    },
  },
};
