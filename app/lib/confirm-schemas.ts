import { z } from "zod";
import { MAX_NAME_LENGTH } from "./constants";

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
  // Additional guests' names; blanks arrive as undefined and are dropped by buildGuestList.
  guests: z.array(z.string().max(MAX_NAME_LENGTH, "confirm:form.nameTooLong").optional()).max(16).default([]),
});

export const clearCodeSchema = z.object({ intent: z.literal("clear") });

export const confirmPageSchema = z.discriminatedUnion("intent", [verifyCodeSchema, confirmAttendanceSchema, clearCodeSchema]);
