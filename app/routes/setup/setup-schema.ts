import { z } from "zod";
import { CONTENT_LIMITS } from "~/lib/content-schemas";
import { DEFAULT_TIME_ZONE, isTimeZone } from "~/lib/venue-time";

/** The admin password chosen at setup: long enough to resist guessing (the login's rate limit does the rest). */
export const MIN_PASSWORD_LENGTH = 10;
/** scrypt takes any length; a bound keeps a pasted novel from costing the server. */
export const MAX_PASSWORD_LENGTH = 200;

/** The form's fields (their names are part of the contract: a plain POST of these sets the site up). */
export const SETUP_FIELDS = ["token", "names", "timeZone", "weddingDate", "rsvpDeadline", "password", "confirmPassword", "demo"] as const;

/** A `datetime-local` value, the shape 'Pareja y fechas' stores (content-schemas' venueDateTime). */
const date = z.string({ required_error: "setup:errors.dateRequired" }).regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, "setup:errors.dateInvalid");

/**
 * 'Configura tu sitio': the browser checks it before sending and the server again. Dates are the
 * venue's wall clock ('Pareja y fechas' stores them so), so two of them in one zone compare as text.
 * Messages are translation keys of the `setup` namespace.
 */
export const setupSchema = z
  .object({
    token: z.string().default(""),
    names: z
      .string({ required_error: "setup:errors.namesRequired" })
      .trim()
      .min(1, "setup:errors.namesRequired")
      .max(CONTENT_LIMITS.name, "setup:errors.namesTooLong"),
    timeZone: z.string().trim().refine(isTimeZone, "setup:errors.timeZone").default(DEFAULT_TIME_ZONE),
    weddingDate: date,
    rsvpDeadline: date,
    password: z
      .string({ required_error: "setup:errors.passwordTooShort" })
      .min(MIN_PASSWORD_LENGTH, "setup:errors.passwordTooShort")
      .max(MAX_PASSWORD_LENGTH, "setup:errors.passwordTooLong"),
    confirmPassword: z.string({ required_error: "setup:errors.passwordMismatch" }),
    demo: z.literal("on").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.password) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "setup:errors.passwordMismatch" });
    if (value.rsvpDeadline >= value.weddingDate) ctx.addIssue({ code: "custom", path: ["rsvpDeadline"], message: "setup:errors.deadlineAfterWedding" });
  });

export type SetupValues = z.infer<typeof setupSchema>;
