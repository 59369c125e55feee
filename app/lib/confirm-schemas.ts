import { z } from "zod";
import { MAX_FORM_LIST_LENGTH, MAX_NAME_LENGTH } from "./constants";
import { formFieldsOf } from "./form-fields";
import { nameField } from "./names";

/**
 * The /confirm forms, shared by the server (authoritative) and the browser (conform).
 * Messages are translation keys; the page translates them.
 */
export const verifyCodeSchema = z.object({
  intent: z.literal("verify"),
  code: z.string({ required_error: "confirm:form.emptyCode" }).trim().min(1, "confirm:form.emptyCode").max(32, "confirm:form.invalidCode"),
});

export const confirmAttendanceSchema = z.object({
  intent: z.literal("confirm"),
  // Additional guests' names, normalised; blanks (or only invisible characters) end up empty and
  // are dropped by buildGuestList.
  guests: z
    .array(nameField(MAX_NAME_LENGTH, { tooLong: "confirm:form.nameTooLong" }).optional())
    .max(MAX_FORM_LIST_LENGTH)
    .default([]),
});

export const clearCodeSchema = z.object({ intent: z.literal("clear") });

export const confirmPageSchema = z.discriminatedUnion("intent", [verifyCodeSchema, confirmAttendanceSchema, clearCodeSchema]);

/** The only fields /confirm reads (`_js`: sent by the page's script). */
export const confirmPageFields = formFieldsOf(confirmPageSchema, ["_js"]);
