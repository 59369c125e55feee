import type { AdminInput, AdminOperation, AdminResult, AdminToast } from "~/lib/admin-schemas";
import { createSection, deleteMedia, deleteSection, updateSection } from "~/models/gallery.server";
import { createInvitation, deleteGuest, deleteInvitation } from "~/models/invitations.server";
import { editInvitation } from "./edit-invitation.server";

/**
 * The admin panel's operations: one handler per intent, each returning an AdminResult (never a
 * response: respond.server turns results into responses). The caller has already checked the
 * session, the origin, the form (adminActionSchema) and the "are you sure?" step.
 *
 * To add an intent: its form in adminActionSchema and its tab in TAB_OF_INTENT
 * (app/lib/admin-schemas.ts), its failure message in FAILURE_KEYS and its handler in
 * INTENT_HANDLERS below (TypeScript refuses a table that misses one); add it to
 * CONFIRMED_INTENTS/CONFIRM_PROMPTS too if it asks first. The form is an <AdminForm intent=...>.
 */

type Handler<I extends AdminOperation> = (input: AdminInput<I>) => Promise<AdminResult>;

/** The spec's error toast (section 8) for an operation that failed on the server. */
export const FAILURE_KEYS: Record<AdminOperation, string> = {
  createInvitation: "dashboard:toasts.createInvitationError",
  deleteInvitation: "dashboard:toasts.deleteInvitationError",
  editInvitation: "dashboard:toasts.updateInvitationError",
  deleteGuest: "dashboard:toasts.deleteGuestError",
  createSection: "dashboard:toasts.createSectionError",
  editSection: "dashboard:toasts.updateSectionError",
  setSectionActive: "dashboard:toasts.updateSectionError",
  setSectionUpload: "dashboard:toasts.updateSectionError",
  deleteSection: "dashboard:toasts.deleteSectionError",
  deleteMedia: "dashboard:toasts.deletePhotoError",
};

/** A refusal: the message next to the form and as a toast. */
export function failed(intent: string, key: string, status: number): AdminResult {
  return { intent, ok: false, status, error: { "": [key] }, toast: { kind: "error", key } };
}

const done = (intent: AdminOperation, key: string, extra: { created?: { code: string; primaryGuest: string } } = {}): AdminResult => {
  const toast: AdminToast = { kind: "success", key };
  return { intent, ok: true, toast, ...extra };
};

/** The three section updates share one model call and one message. */
async function updateSectionWith(intent: AdminOperation, id: number, patch: Parameters<typeof updateSection>[1]): Promise<AdminResult> {
  const updated = await updateSection(id, patch);
  if (!updated.ok) return updated.error === "notFound" ? failed(intent, FAILURE_KEYS[intent], 404) : failed(intent, `dashboard:gallery.${updated.error}`, 400);
  return done(intent, "dashboard:toasts.sectionUpdated");
}

export const INTENT_HANDLERS: { [I in AdminOperation]: Handler<I> } = {
  async createInvitation(input) {
    const created = await createInvitation(input, { allowOverCapacity: input.overCapacity === "yes" });
    if (!created.ok && created.error === "overCapacity") {
      // Warn before creating; the form asks again with overCapacity=yes.
      return {
        intent: input.intent,
        ok: false,
        status: 409,
        capacityWarning: { total: created.total, capacity: created.capacity },
        initialValue: { primaryGuest: input.primaryGuest, maxGuests: String(input.maxGuests), language: input.language },
      };
    }
    if (!created.ok) return failed(input.intent, `dashboard:create.${created.error === "primaryGuestRequired" ? "nameRequired" : created.error}`, 400);
    const { code, primaryGuest } = created.invitation;
    return done(input.intent, "dashboard:toasts.invitationCreated", { created: { code, primaryGuest } });
  },
  async deleteInvitation(input) {
    if (!(await deleteInvitation(input.id))) return failed(input.intent, FAILURE_KEYS.deleteInvitation, 404);
    return done(input.intent, "dashboard:toasts.invitationDeleted");
  },
  editInvitation: editInvitation,
  async deleteGuest(input) {
    const result = await deleteGuest(input.id);
    // The server's own reason when it has one (the primary guest), else the spec's generic text.
    if (!result.ok)
      return result.error === "primaryGuest" ? failed(input.intent, "dashboard:toasts.primaryGuest", 409) : failed(input.intent, FAILURE_KEYS.deleteGuest, 404);
    return done(input.intent, "dashboard:toasts.guestDeleted");
  },
  async createSection(input) {
    const created = await createSection({ name: input.name, description: input.description, allow_upload: input.allow_upload, is_active: input.is_active });
    if (!created.ok) return failed(input.intent, `dashboard:gallery.${created.error}`, 400);
    return done(input.intent, "dashboard:toasts.sectionCreated");
  },
  editSection: (input) => updateSectionWith(input.intent, input.id, { name: input.name, description: input.description ?? null }),
  setSectionActive: (input) => updateSectionWith(input.intent, input.id, { is_active: input.value === "true" }),
  setSectionUpload: (input) => updateSectionWith(input.intent, input.id, { allow_upload: input.value === "true" }),
  async deleteSection(input) {
    if (!(await deleteSection(input.id))) return failed(input.intent, FAILURE_KEYS.deleteSection, 404);
    return done(input.intent, "dashboard:toasts.sectionDeleted");
  },
  async deleteMedia(input) {
    if (!(await deleteMedia(input.id))) return failed(input.intent, FAILURE_KEYS.deleteMedia, 404);
    return done(input.intent, "dashboard:toasts.photoDeleted");
  },
};

/** Runs the handler of a parsed operation; a failure of the store is the spec's message and a 500. */
export async function runOperation(input: AdminInput<AdminOperation>): Promise<AdminResult> {
  // The table is keyed by the same intent as the input: TypeScript cannot follow that link by itself.
  const handler = INTENT_HANDLERS[input.intent] as Handler<AdminOperation>;
  try {
    return await handler(input);
  } catch (error) {
    // A failure of the store (disk full, locked database...): nothing half-done (each model
    // function writes in one statement or one transaction).
    console.error(`admin: ${input.intent} failed`, error);
    return failed(input.intent, FAILURE_KEYS[input.intent], 500);
  }
}
