import { z } from "zod";
import { MAX_GUESTS_PER_INVITATION, MIN_GUESTS_PER_INVITATION } from "./constants";

/** The admin panel's tabs, in order; `stats` is the default. */
export const ADMIN_TABS = ["stats", "invitations", "create", "gallery"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const isAdminTab = (v: unknown): v is AdminTab => typeof v === "string" && (ADMIN_TABS as readonly string[]).includes(v);

const id = z.coerce.number().int().positive();
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());

/** Every admin form, by its `intent`. Messages are translation keys. */
export const adminActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("login"),
    password: z.string({ required_error: "dashboard:login.passwordRequired" }).min(1, "dashboard:login.passwordRequired").max(200),
  }),
  z.object({ intent: z.literal("logout") }),
  z.object({
    intent: z.literal("createInvitation"),
    primaryGuest: z
      .string({ required_error: "dashboard:create.nameRequired" })
      .trim()
      .min(1, "dashboard:create.nameRequired")
      .max(100, "dashboard:create.nameTooLong"),
    maxGuests: z.coerce
      .number({ invalid_type_error: "dashboard:create.maxGuestsOutOfRange" })
      .int("dashboard:create.maxGuestsOutOfRange")
      .min(MIN_GUESTS_PER_INVITATION, "dashboard:create.maxGuestsOutOfRange")
      .max(MAX_GUESTS_PER_INVITATION, "dashboard:create.maxGuestsOutOfRange"),
    overCapacity: z.literal("yes").optional(),
  }),
  z.object({ intent: z.literal("deleteInvitation"), id, confirmed: z.literal("yes").optional() }),
  // 'Editar Invitación': name, seats and the answer (keep it, back to pending, or will not attend).
  z.object({
    intent: z.literal("editInvitation"),
    id,
    primaryGuest: z
      .string({ required_error: "dashboard:create.nameRequired" })
      .trim()
      .min(1, "dashboard:create.nameRequired")
      .max(100, "dashboard:create.nameTooLong"),
    maxGuests: z.coerce
      .number({ invalid_type_error: "dashboard:create.maxGuestsOutOfRange" })
      .int("dashboard:create.maxGuestsOutOfRange")
      .min(MIN_GUESTS_PER_INVITATION, "dashboard:create.maxGuestsOutOfRange")
      .max(MAX_GUESTS_PER_INVITATION, "dashboard:create.maxGuestsOutOfRange"),
    answer: z.enum(["keep", "pending", "declined"]).default("keep"),
    confirmed: z.literal("yes").optional(),
  }),
  z.object({ intent: z.literal("deleteGuest"), id, confirmed: z.literal("yes").optional() }),
  z.object({
    intent: z.literal("createSection"),
    name: z
      .string({ required_error: "dashboard:gallery.nameRequired" })
      .trim()
      .min(1, "dashboard:gallery.nameRequired")
      .max(80, "dashboard:gallery.nameTooLong"),
    description: z.string().max(500, "dashboard:gallery.descriptionTooLong").optional(),
    allow_upload: checkbox,
    is_active: checkbox,
  }),
  z.object({
    intent: z.literal("editSection"),
    id,
    name: z
      .string({ required_error: "dashboard:gallery.nameRequired" })
      .trim()
      .min(1, "dashboard:gallery.nameRequired")
      .max(80, "dashboard:gallery.nameTooLong"),
    description: z.string().max(500, "dashboard:gallery.descriptionTooLong").optional(),
  }),
  z.object({ intent: z.literal("setSectionActive"), id, value: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("setSectionUpload"), id, value: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("deleteSection"), id, confirmed: z.literal("yes").optional() }),
  z.object({ intent: z.literal("deleteMedia"), id, confirmed: z.literal("yes").optional() }),
]);

export type AdminAction = z.infer<typeof adminActionSchema>;

/** Intents that ask "are you sure?" first. */
export const CONFIRMED_INTENTS = ["deleteInvitation", "deleteGuest", "deleteSection", "deleteMedia"] as const;
export type ConfirmedIntent = (typeof CONFIRMED_INTENTS)[number];
export const CONFIRM_PROMPTS: Record<ConfirmedIntent, string> = {
  deleteInvitation: "dashboard:confirm.deleteInvitation",
  deleteGuest: "dashboard:confirm.deleteGuest",
  deleteSection: "dashboard:confirm.deleteSection",
  deleteMedia: "dashboard:confirm.deletePhoto",
};
export const TAB_OF_INTENT: Record<string, AdminTab> = {
  createInvitation: "create",
  deleteInvitation: "invitations",
  editInvitation: "invitations",
  deleteGuest: "invitations",
  createSection: "gallery",
  editSection: "gallery",
  setSectionActive: "gallery",
  setSectionUpload: "gallery",
  deleteSection: "gallery",
  deleteMedia: "gallery",
};

/** A list or figure the panel could not load: shown in place, with the server's message. */
export interface LoadError {
  error: string;
}
export const isLoadError = (value: unknown): value is LoadError => typeof value === "object" && value !== null && !Array.isArray(value) && "error" in value;
