import type { z } from "zod";
import { doorTabSchema } from "~/lib/door-schemas";
import { publicBaseUrl } from "~/http/public-url.server";
import { qrSvg } from "~/infra/qr.server";
import { failed } from "~/http/admin/access.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";
import { arrivalCounts, hasDoorKey, setDoorKey } from "~/models/door.server";

/** 'Recepción' (/admin/door): whether a door key is set, the door's address and the arrivals so far. */
export async function loadDoorTab(request: Request) {
  const address = `${publicBaseUrl(request)}/recepcion`;
  // The QR code: the phone at the door opens the address by pointing its camera at the couple's screen.
  const [hasKey, counts, qr] = await Promise.all([hasDoorKey(), attempt("arrivals", arrivalCounts), qrSvg(address)]);
  return { hasKey, counts, address, qr };
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
