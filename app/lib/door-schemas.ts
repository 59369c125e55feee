import { z } from "zod";
import { DOOR_KEY_MAX_LENGTH } from "./door";

/**
 * 'Recepción' in the panel (/admin/door): its one form, 'Clave de recepción'. Bounds only (the
 * rules are setDoorKey's: its length, never the admin password). Messages are translation keys.
 */
export const doorTabSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("saveDoorKey"),
    key: z.string({ required_error: "door:errors.tooShort" }).max(DOOR_KEY_MAX_LENGTH * 2, "door:errors.tooLong"),
  }),
]);
