import { z } from "zod";
import { MAX_FORM_LIST_LENGTH, MAX_GUESTS_PER_INVITATION, MAX_NAME_LENGTH } from "./constants";
import { MAX_EVENTS } from "./events";
import { formFieldsOf } from "./form-fields";
import { MAX_ANSWER_LENGTH, MAX_QUESTIONS, questionFields } from "./guest-questions";
import { nameField } from "./names";
import { MAX_DIETARY_LENGTH, MAX_MESSAGE_LENGTH } from "./rsvp";

/**
 * The /confirm forms, shared by the server (authoritative) and the browser (conform).
 * Messages are translation keys; the page translates them.
 */
export const verifyCodeSchema = z.object({
  intent: z.literal("verify"),
  code: z.string({ required_error: "confirm:form.emptyCode" }).trim().min(1, "confirm:form.emptyCode").max(32, "confirm:form.invalidCode"),
});

/**
 * The couple's questions (app/lib/guest-questions.ts) on the confirm form: per question slot its id,
 * the invitation's answer and each person's (the primary guest at 0). A textarea-free single line
 * each: the exact limit is applyAnswers', after clean-up; these bound what the server reads.
 */
export const questionShape = Object.fromEntries(
  Array.from({ length: MAX_QUESTIONS }, (_, j) => {
    const names = questionFields(j);
    return [
      [names.id, z.string().max(12).optional()],
      [
        names.invitation,
        z
          .string()
          .max(MAX_ANSWER_LENGTH * 2, "questions:errors.answerTooLong")
          .optional(),
      ],
      [
        names.person,
        z
          .array(
            z
              .string()
              .max(MAX_ANSWER_LENGTH * 2, "questions:errors.answerTooLong")
              .optional(),
          )
          .max(MAX_GUESTS_PER_INVITATION)
          .default([]),
      ],
    ];
  }).flat(),
) as Record<string, z.ZodTypeAny>;

const confirmAttendanceBase = z.object({
  intent: z.literal("confirm"),
  // Additional guests' names, normalised; blanks (or only invisible characters) end up empty and
  // are dropped by buildGuestList.
  guests: z
    .array(nameField(MAX_NAME_LENGTH, { tooLong: "confirm:form.nameTooLong" }).optional())
    .max(MAX_FORM_LIST_LENGTH)
    .default([]),
  // Each additional guest's dietary note, by the same index as their name; blank is none.
  dietary: z.array(z.string().max(MAX_DIETARY_LENGTH, "confirm:form.dietaryTooLong").optional()).max(MAX_FORM_LIST_LENGTH).default([]),
  primaryDietary: z.string().max(MAX_DIETARY_LENGTH, "confirm:form.dietaryTooLong").optional(),
  // The couple's menu and the children box (app/lib/menu.ts), asked only once turned on: each
  // person's dish (a select's value) and box, the primary guest's apart, the others by index.
  primaryDish: z.string().max(12).optional(),
  dish: z.array(z.string().max(12).optional()).max(MAX_FORM_LIST_LENGTH).default([]),
  primaryChild: z.string().max(5).optional(),
  child: z.array(z.string().max(5).optional()).max(MAX_FORM_LIST_LENGTH).default([]),
  // A textarea sends each line break as two characters: the exact limit is buildAnswer's, after clean-up.
  message: z
    .string()
    .max(MAX_MESSAGE_LENGTH * 2, "confirm:form.messageTooLong")
    .optional(),
  // '¿A qué eventos asistirás?' (only with more than the wedding): one "person:event" per box
  // ticked, the same name repeated; `attendsAsked` says the boxes were there, so none ticked is none.
  attends: z.preprocess((v) => (typeof v === "string" ? [v] : v), z.array(z.string().max(24)).max(MAX_GUESTS_PER_INVITATION * (MAX_EVENTS + 1))).optional(),
  attendsAsked: z.literal("yes").optional(),
});

/**
 * The answer form with the question slots' fields. Its type is the base's: the slots are read by
 * answersFromForm, which checks each value, so nothing typed depends on the generated names.
 */
export const confirmAttendanceSchema = confirmAttendanceBase.extend(questionShape) as unknown as typeof confirmAttendanceBase;

/** 'Cambiar mi respuesta': the same fields, replacing a confirmed answer (a replayed "confirm" stays a no-op). */
export const updateAnswerSchema = confirmAttendanceSchema.extend({ intent: z.literal("update") });
/** The guests' "no"; the page asks "are you sure?" before sending it. */
export const declineSchema = z.object({ intent: z.literal("decline") });

export const clearCodeSchema = z.object({ intent: z.literal("clear") });

export const confirmPageSchema = z.discriminatedUnion("intent", [
  verifyCodeSchema,
  confirmAttendanceSchema,
  updateAnswerSchema,
  declineSchema,
  clearCodeSchema,
]);

/**
 * The only fields /confirm accepts. `_js` is accepted and never read: a page loaded before the
 * forms stopped sending it (decision 0020) still gets its answer, not a 400.
 */
export const confirmPageFields = formFieldsOf(confirmPageSchema, ["_js", "attends"]);

/**
 * The fields a refused /confirm form gives back (http/form.server.ts refusedReply): what the guest
 * typed in each form, not its `intent`.
 */
export const confirmKeptFields = {
  verify: formFieldsOf(verifyCodeSchema.omit({ intent: true })),
  confirm: formFieldsOf(confirmAttendanceSchema.omit({ intent: true }), ["attends"]),
  update: formFieldsOf(updateAnswerSchema.omit({ intent: true }), ["attends"]),
} as const;
