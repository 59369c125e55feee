import { z } from "zod";
import { MAX_TABLE_NAME_LENGTH } from "./tables";

const id = z.coerce.number().int().positive();
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());
// Bounds only (with room for spaces the rule trims): the rules are checkTable's (app/lib/tables.ts).
const tableFields = {
  name: z
    .string()
    .max(MAX_TABLE_NAME_LENGTH * 2, "tables:errors.nameTooLong")
    .optional(),
  seats: z.string().max(10, "tables:errors.seatsOutOfRange").optional(),
};

/** One person's place as a 'Mesa' select sends it: "{guest id}:{table id}", or "{guest id}:" for 'Sin mesa'. */
export const SEAT_VALUE = /^(\d{1,9}):(\d{1,9})?$/;
export const seatValue = (guestId: number, tableId: number | null) => `${guestId}:${tableId ?? ""}`;
/** More places than one post of the whole plan carries (the body is bounded too). */
export const MAX_SEATS_PER_POST = 1000;

/**
 * The places sent: every select of the whole plan shares the one name `seat` (the plan has more
 * people than a form's indexed list allows), so one value is a string and several are a list.
 */
const seatList = z
  .union([z.string(), z.array(z.string()).max(MAX_SEATS_PER_POST)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .refine((list) => list.every((s) => SEAT_VALUE.test(s)), "common:badRequest.title");

/** 'Mesas' (/admin/tables): its tables, the places, 'Publicar mesas'. Messages are translation keys. */
export const tablesTabSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("addTable"), ...tableFields }),
  z.object({ intent: z.literal("saveTable"), id, ...tableFields }),
  z.object({ intent: z.literal("deleteTable"), id, confirmed: z.literal("yes").optional() }),
  z.object({ intent: z.literal("seatGuests"), seat: seatList }),
  z.object({ intent: z.literal("publishTables"), published: checkbox }),
]);
