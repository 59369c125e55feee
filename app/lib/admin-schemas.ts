import { z } from "zod";
import { MEDIA_SLOTS } from "~/lib/content-media";
import {
  DEFAULT_LANGUAGE,
  MAX_GUESTS_PER_INVITATION,
  MAX_NAME_LENGTH,
  MAX_SECTION_DESCRIPTION_LENGTH,
  MAX_SECTION_NAME_LENGTH,
  MIN_GUESTS_PER_INVITATION,
  SUPPORTED_LANGUAGES,
} from "./constants";
import { nameField } from "./names";
import { MAX_PHONE_INPUT_LENGTH } from "./contacts";
import { isEmailAddress, MAX_EMAIL_LENGTH } from "./email";
import { MAX_EVENTS, MAX_EVENT_ADDRESS_LENGTH, MAX_EVENT_DESCRIPTION_LENGTH, MAX_EVENT_NAME_LENGTH, MAX_EVENT_PLACE_LENGTH } from "./events";
import type { menuTabSchema } from "./menu-schemas";
import type { doorTabSchema } from "./door-schemas";
import type { tablesTabSchema } from "./tables-schemas";
import { MAX_OPTION_LENGTH, MAX_OPTIONS, MAX_QUESTION_LENGTH } from "./guest-questions";

/**
 * The admin panel's tabs, in order, each its own route folder (app/routes/admin._index/,
 * admin.invitations/, admin.create/, …: route.tsx with the server code and component only it
 * uses); `stats` is the default, at /admin itself. A new screen is one folder plus its entry here
 * (its link and its loading text).
 */
export const ADMIN_TABS = [
  { id: "stats", path: "/admin", loading: "stats.loading" },
  { id: "invitations", path: "/admin/invitations", loading: "invitations.loading" },
  { id: "create", path: "/admin/create", loading: "common:loading" },
  // 'Eventos': the wedding and the couple's other events (docs/decisions/0057-events.md).
  { id: "events", path: "/admin/events", loading: "events:loading", label: "events:tab" },
  { id: "gallery", path: "/admin/gallery", loading: "gallery.loading" },
  // 'Contenido' has a screen per sub-section under its path, and its label in its own namespace.
  { id: "content", path: "/admin/content", loading: "common:loading", label: "content:tab", nested: true },
  // 'Menú': the dishes, the menu and children switches; its report is /admin/catering.
  { id: "menu", path: "/admin/menu", loading: "menu:loading", label: "menu:tab" },
  // 'Preguntas': the couple's own questions to their guests (docs/decisions/0058-the-couples-questions.md).
  { id: "questions", path: "/admin/questions", loading: "questions:loading", label: "questions:tab" },
  // 'Mesas': the seating plan (decision 0059).
  { id: "tables", path: "/admin/tables", loading: "tables:loading", label: "tables:tab" },
  // 'Por revisar (N)': a label of its own namespace, counting the photos waiting (the /admin layout's loader).
  { id: "review", path: "/admin/review", loading: "review:loading", label: "review:tab" },
  // Shown only when the site sends e-mail (SMTP_URL): the layout leaves it out otherwise.
  { id: "emails", path: "/admin/emails", loading: "emails:loading", label: "emails:tab", needsEmail: true },
  // 'Recepción': the door's key, its address and the arrivals so far (decision 0061).
  { id: "door", path: "/admin/door", loading: "door:loading", label: "door:admin.tab" },
  // 'Copia de seguridad': the full backup's download and the scheduled backups (decision 0051).
  { id: "backups", path: "/admin/backups", loading: "backups:loading", label: "backups:tab" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["id"];
/** The tab a path shows (a trailing slash allowed), if any. */
export const tabAt = (pathname: string) => ADMIN_TABS.find((tab) => tab.path === (pathname.replace(/\/+$/, "") || "/"));
/** Where an old `/admin?tab=…` link (bookmarks, the README) now lives. */
export const tabPath = (id: string | null) => ADMIN_TABS.find((tab) => tab.id === id)?.path;

const id = z.coerce.number().int().positive();
/** Seats of an invitation (1–8, the primary guest included): Crear and 'Editar Invitación'. */
const seats = z.coerce
  .number({ invalid_type_error: "dashboard:create.maxGuestsOutOfRange" })
  .int("dashboard:create.maxGuestsOutOfRange")
  .min(MIN_GUESTS_PER_INVITATION, "dashboard:create.maxGuestsOutOfRange")
  .max(MAX_GUESTS_PER_INVITATION, "dashboard:create.maxGuestsOutOfRange");
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());
const primaryGuest = nameField(MAX_NAME_LENGTH, { required: "dashboard:create.nameRequired", tooLong: "dashboard:create.nameTooLong" });
const sectionName = nameField(MAX_SECTION_NAME_LENGTH, { required: "dashboard:gallery.nameRequired", tooLong: "dashboard:gallery.nameTooLong" });
const sectionDescription = z.string().max(MAX_SECTION_DESCRIPTION_LENGTH, "dashboard:gallery.descriptionTooLong").optional();
/** The English name is optional: empty shows the Spanish one on English pages. */
const sectionNameEn = z.string().max(MAX_SECTION_NAME_LENGTH, "dashboard:gallery.nameTooLong").optional();
/** The contacts as typed (optional): their rules are app/lib/contacts.ts's, checked by the model; these only bound them. */
const phone = z.string().max(MAX_PHONE_INPUT_LENGTH, "reminders:contacts.phoneInvalid").optional();
const email = z
  .string()
  .max(MAX_EMAIL_LENGTH + 50, "reminders:contacts.emailInvalid")
  .optional();
/** A delete: "are you sure?" first (`confirmed=yes` once answered; `name` only words the question). */
const removal = <I extends string>(intent: I) => z.object({ intent: z.literal(intent), id, confirmed: z.literal("yes").optional() });

/** The events an invitation is invited to ('Invitado a' checkboxes): the couple's event ids, the wedding implied.
 * `eventsShown` says the boxes were on the form, so none ticked means none (without it, Crear invites to every event). */
const invitedTo = z.preprocess(
  // Unticked boxes leave holes in the list (`events[0]`, `events[2]`): only the ticked ones count.
  (v) => (Array.isArray(v) ? v.filter((item) => item !== undefined && item !== "") : v),
  z.array(z.coerce.number().int().positive()).max(MAX_EVENTS).optional(),
);
const eventsShown = z.literal("yes").optional();

/** The /admin layout's own forms: opening and closing the session. Messages are translation keys. */
export const adminSessionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("login"),
    password: z.string({ required_error: "dashboard:login.passwordRequired" }).min(1, "dashboard:login.passwordRequired").max(200),
    /** The admin page the login was shown on, to come back to it. */
    redirectTo: z.string().max(2000).optional(),
  }),
  z.object({ intent: z.literal("logout") }),
]);

/**
 * One invitation's e-mail ('Enviar invitación por correo', 'Enviar recordatorio por correo'):
 * `seen` is when its last one was queued as the page showed it ("" for never), so a double click
 * or a replayed form queues nothing more (app/models/invitation-emails.server.ts).
 */
const seen = z
  .string()
  .max(40)
  .optional()
  .transform((v) => v || null);
export const sendInvitationEmailForm = z.object({ intent: z.literal("sendInvitationEmail"), id, seen });
export const sendReminderEmailForm = z.object({ intent: z.literal("sendReminderEmail"), id, seen });
/** A bulk e-mail: the number the admin confirmed, which must still hold. */
const bulk = <I extends string>(intent: I) =>
  z.object({
    intent: z.literal(intent),
    count: z.coerce.number().int().min(0).max(100_000),
    confirmed: z.literal("yes", { errorMap: () => ({ message: "emails:confirmFirst" }) }),
  });

/** Ids as one comma-separated field ("3,7,12"): what a confirmation showed. */
const idList = z
  .string()
  .max(2000)
  .regex(/^\d{1,9}(,\d{1,9})*$/)
  .optional()
  .transform((v) => (v ? v.split(",").map(Number) : []));
/**
 * 'Quitar los datos de ejemplo' (Estadísticas, Invitaciones, Galería): the demo invitations and
 * sections the confirmation named, and which invitations it named as answered; only after the
 * confirmation (`confirmed=yes`).
 */
export const removeDemoDataForm = z.object({
  intent: z.literal("removeDemoData"),
  invitations: idList,
  answered: idList,
  sections: idList,
  // The demo's questions ('Preguntas'); older pages do not send it: none.
  questions: idList,
  confirmed: z.literal("yes"),
});

/** Estadísticas: only 'Quitar los datos de ejemplo'. */
export const statsTabSchema = z.discriminatedUnion("intent", [removeDemoDataForm]);

/** Invitaciones: delete an invitation or an additional guest, 'Editar Invitación', 'Enviar invitación por correo'. */
export const invitationsTabSchema = z.discriminatedUnion("intent", [
  removal("deleteInvitation"),
  removeDemoDataForm,
  // 'Editar Invitación': name, seats and the answer (keep it, back to pending, or will not attend).
  z.object({
    intent: z.literal("editInvitation"),
    id,
    primaryGuest,
    maxGuests: seats,
    language: z.enum(SUPPORTED_LANGUAGES).optional(),
    // Blank clears (the form always sends both).
    phone,
    email,
    answer: z.enum(["keep", "pending", "declined"]).default("keep"),
    confirmed: z.literal("yes").optional(),
    events: invitedTo,
    eventsShown,
  }),
  removal("deleteGuest"),
  sendInvitationEmailForm,
]);

/** Eventos: the couple's events beside the wedding (their rules: app/lib/events.ts checkEventInput). */
const eventFields = {
  nameEs: z
    .string()
    .max(MAX_EVENT_NAME_LENGTH * 2, "events:errors.nameTooLong")
    .default(""),
  nameEn: z
    .string()
    .max(MAX_EVENT_NAME_LENGTH * 2, "events:errors.nameTooLong")
    .optional(),
  startsAt: z.string().max(40, "events:errors.dateInvalid").default(""),
  place: z
    .string()
    .max(MAX_EVENT_PLACE_LENGTH * 2, "events:errors.placeTooLong")
    .optional(),
  address: z
    .string()
    .max(MAX_EVENT_ADDRESS_LENGTH * 2, "events:errors.addressTooLong")
    .optional(),
  latitude: z.string().max(40, "events:errors.positionInvalid").optional(),
  longitude: z.string().max(40, "events:errors.positionInvalid").optional(),
  descriptionEs: z
    .string()
    .max(MAX_EVENT_DESCRIPTION_LENGTH * 2, "events:errors.descriptionTooLong")
    .optional(),
  descriptionEn: z
    .string()
    .max(MAX_EVENT_DESCRIPTION_LENGTH * 2, "events:errors.descriptionTooLong")
    .optional(),
  isPublic: checkbox,
};
export const eventsScreenSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("createEvent"), ...eventFields }),
  z.object({ intent: z.literal("editEvent"), id, ...eventFields }),
  z.object({ intent: z.literal("moveEvent"), id, direction: z.enum(["up", "down"]) }),
  removal("removeEvent"),
]);

/** 'Preguntas': the couple's own questions (their rules: app/lib/guest-questions.ts checkQuestion); bounds only. */
const questionFormFields = {
  textEs: z
    .string()
    .max(MAX_QUESTION_LENGTH * 2, "questions:errors.questionTooLong")
    .default(""),
  textEn: z
    .string()
    .max(MAX_QUESTION_LENGTH * 2, "questions:errors.questionTooLong")
    .optional(),
  kind: z.string().max(12).default(""),
  optionsEs: z
    .string()
    .max((MAX_OPTION_LENGTH + 2) * MAX_OPTIONS * 2, "questions:errors.optionTooLong")
    .optional(),
  optionsEn: z
    .string()
    .max((MAX_OPTION_LENGTH + 2) * MAX_OPTIONS * 2, "questions:errors.optionTooLong")
    .optional(),
  per: z.string().max(12).optional(),
  required: checkbox,
};
export const questionsScreenSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("createQuestion"), ...questionFormFields }),
  z.object({ intent: z.literal("editQuestion"), id, ...questionFormFields }),
  z.object({ intent: z.literal("moveQuestion"), id, direction: z.enum(["up", "down"]) }),
  removal("removeQuestion"),
]);

/** Crear: 'Crear Nueva Invitación'. */
export const createTabSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("createInvitation"),
    primaryGuest,
    maxGuests: seats,
    overCapacity: z.literal("yes").optional(),
    language: z.enum(SUPPORTED_LANGUAGES).default(DEFAULT_LANGUAGE),
    phone,
    email,
    events: invitedTo,
    eventsShown,
  }),
]);

/** 'Enviar correo de prueba': one address, checked as the site checks every address (app/lib/email.ts). */
const testAddress = z.string({ required_error: "emails:test.invalidAddress" }).trim().refine(isEmailAddress, "emails:test.invalidAddress");

/** Correos: the guests' e-mails, one or all (the share panel's form posts to Invitaciones), and the test message. */
export const emailsScreenSchema = z.discriminatedUnion("intent", [
  sendInvitationEmailForm,
  sendReminderEmailForm,
  bulk("sendAllInvitationEmails"),
  bulk("sendAllReminderEmails"),
  z.object({ intent: z.literal("sendTestEmail"), to: testAddress }),
]);

/** Por revisar: guests' photos waiting for the couple, one at a time or a whole section's. */
export const reviewTabSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approveMedia"), id }),
  z.object({ intent: z.literal("rejectMedia"), id }),
  z.object({ intent: z.literal("approveSection"), id }),
  z.object({ intent: z.literal("rejectSection"), id }),
]);

/** Galería: sections and their photos. */
export const galleryTabSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("createSection"),
    name: sectionName,
    description: sectionDescription,
    name_en: sectionNameEn,
    description_en: sectionDescription,
    allow_upload: checkbox,
    is_active: checkbox,
    review_uploads: checkbox,
  }),
  z.object({
    intent: z.literal("editSection"),
    id,
    name: sectionName,
    description: sectionDescription,
    name_en: sectionNameEn,
    description_en: sectionDescription,
    review_uploads: checkbox,
  }),
  z.object({ intent: z.literal("setSectionActive"), id, value: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("setSectionUpload"), id, value: z.enum(["true", "false"]) }),
  removal("deleteSection"),
  removal("deleteMedia"),
  removeDemoDataForm,
]);

/** Por responder (app/routes/admin.reminders/route.tsx): a reminder sent or copied, recorded. */
export const remindersScreenSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("remindInvitation"), id }), sendReminderEmailForm]);

/** Mensajes (/admin/wishes): the approval switch, and each wish approved, rejected or deleted. */
export const wishesTabSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("setWishesReview"), review: checkbox }),
  z.object({ intent: z.literal("approveWish"), id }),
  z.object({ intent: z.literal("rejectWish"), id }),
  removal("deleteWish"),
  // 'Rechazar todos': `id` is the newest pending wish the page showed (none after it is rejected).
  removal("rejectAllWishes"),
]);

/**
 * Contenido → Multimedia: 'Quitar' a slot's file. `uploadMedia` comes as a multipart body, read as
 * a stream (app/http/admin/content-media.server.ts); a plain form of it without a file is refused.
 */
export const contentMediaSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("removeMedia"), slot: z.enum(MEDIA_SLOTS) }),
  z.object({ intent: z.literal("uploadMedia"), slot: z.enum(MEDIA_SLOTS) }),
]);

export type AdminAction =
  | z.infer<typeof adminSessionSchema>
  | z.infer<typeof statsTabSchema>
  | z.infer<typeof invitationsTabSchema>
  | z.infer<typeof createTabSchema>
  | z.infer<typeof galleryTabSchema>
  | z.infer<typeof remindersScreenSchema>
  | z.infer<typeof emailsScreenSchema>
  | z.infer<typeof reviewTabSchema>
  | z.infer<typeof wishesTabSchema>
  | z.infer<typeof contentMediaSchema>
  | z.infer<typeof eventsScreenSchema>
  | z.infer<typeof questionsScreenSchema>
  | z.infer<typeof menuTabSchema>
  | z.infer<typeof doorTabSchema>
  | z.infer<typeof tablesTabSchema>;
export type AdminIntent = AdminAction["intent"];
/** The panel's operations (everything but opening and closing the session). */
export type AdminOperation = Exclude<AdminIntent, "login" | "logout">;
/** The parsed form of one intent. */
export type AdminInput<I extends AdminIntent> = Extract<AdminAction, { intent: I }>;

/** A toast as a translation key (the same shape as the flash toast). */
export interface AdminToast {
  kind: "success" | "error" | "info";
  key: string;
  values?: Record<string, string | number>;
}

/** Form-level errors as translation keys (conform's shape: field name, "" for the form). */
export type AdminFormErrors = Record<string, string[] | null>;

/** What every admin handler returns: one shape, turned into a response in one place. */
export type AdminResult = AdminSuccess | AdminFailure;
export interface AdminSuccess {
  intent: AdminIntent;
  ok: true;
  /** Shown after the page's data is reloaded (carried in the flash cookie). */
  toast: AdminToast;
  /** A new invitation: its code, shown on the Crear tab. */
  created?: { code: string; primaryGuest: string };
  /**
   * A check that changes nothing on the site ('Enviar correo de prueba'): its answer is shown where
   * the form is, so it is sent as data (status 200), not as a redirect with a toast.
   */
  shown?: AdminToast;
}
export interface AdminFailure {
  /** As posted (a failed parse may carry an unknown intent). */
  intent: string;
  ok: false;
  /** The HTTP status of the answer. */
  status: number;
  error?: AdminFormErrors;
  toast?: AdminToast;
  /** Crear: more seats than the capacity; the form asks again with overCapacity=yes. */
  capacityWarning?: { total: number; capacity: number };
  /** The values to show again in the form (the over-capacity step). */
  initialValue?: Record<string, string>;
  /** Login: locked out for this many minutes. */
  retryAfterMinutes?: number;
  /** 'Editar Invitación' asks before an answer change removes guests (routes/admin.invitations/edit-invitation.server.ts). */
  confirmAnswer?: { id: number; primaryGuest: string; maxGuests: string; answer: string; language?: string; phone?: string; email?: string };
}
/** What the admin action answers as data: success toasts travel in the flash cookie instead. */
export type AdminActionData = Omit<AdminSuccess, "toast"> | AdminFailure;

/** The messages (translation keys) of a failed answer, for the form that sent it. */
export function errorsOf(result: AdminActionData | undefined): string[] | undefined {
  if (!result || result.ok || !result.error) return undefined;
  return Object.values(result.error).flatMap((v) => v ?? []);
}

/** Intents that ask "are you sure?" first. */
export const CONFIRMED_INTENTS = [
  "deleteInvitation",
  "deleteGuest",
  "deleteSection",
  "deleteMedia",
  "deleteWish",
  "rejectAllWishes",
  "removeEvent",
  "deleteTable",
  "removeQuestion",
] as const;
export type ConfirmedIntent = (typeof CONFIRMED_INTENTS)[number];
export const CONFIRM_PROMPTS: Record<ConfirmedIntent, string> = {
  deleteInvitation: "dashboard:confirm.deleteInvitation",
  deleteGuest: "dashboard:confirm.deleteGuest",
  deleteSection: "dashboard:confirm.deleteSection",
  deleteMedia: "dashboard:confirm.deletePhoto",
  deleteWish: "wishes:admin.confirmDelete",
  rejectAllWishes: "wishes:admin.confirmRejectAll",
  removeEvent: "events:confirmRemove",
  deleteTable: "tables:confirmDelete",
  removeQuestion: "questions:confirmRemove",
};
/** A list or figure the panel could not load: shown in place, with the server's message. */
export interface LoadError {
  error: string;
}
export const isLoadError = (value: unknown): value is LoadError => typeof value === "object" && value !== null && !Array.isArray(value) && "error" in value;
