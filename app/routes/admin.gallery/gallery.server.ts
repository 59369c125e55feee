import { galleryTabSchema, type AdminResult } from "~/lib/admin-schemas";
import { createSection, deleteMedia, deleteSection, listSections, updateSection } from "~/models/gallery.server";
import { failed } from "~/http/admin/access.server";
import { removeDemoDataFailure, removeDemoDataHandler } from "~/http/admin/demo-data.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";

/** Galería: every section, inactive ones too, with their photos. */
export async function loadGalleryTab() {
  return { sections: await attempt("sections", () => listSections({ includeInactive: true })) };
}

type GalleryIntent = "createSection" | "editSection" | "setSectionActive" | "setSectionUpload" | "deleteSection" | "deleteMedia" | "removeDemoData";

const failures: Record<GalleryIntent, string> = {
  createSection: "dashboard:toasts.createSectionError",
  editSection: "dashboard:toasts.updateSectionError",
  setSectionActive: "dashboard:toasts.updateSectionError",
  setSectionUpload: "dashboard:toasts.updateSectionError",
  deleteSection: "dashboard:toasts.deleteSectionError",
  deleteMedia: "dashboard:toasts.deletePhotoError",
  removeDemoData: removeDemoDataFailure,
};

/** The three section updates share one model call and one message. */
async function updateSectionWith(intent: GalleryIntent, id: number, patch: Parameters<typeof updateSection>[1]): Promise<AdminResult> {
  const updated = await updateSection(id, patch);
  if (!updated.ok) return updated.error === "notFound" ? failed(intent, failures[intent], 404) : failed(intent, `dashboard:gallery.${updated.error}`, 400);
  return done(intent, "dashboard:toasts.sectionUpdated");
}

export const galleryTab: AdminScreenActions<GalleryIntent> = {
  schema: galleryTabSchema,
  failures,
  handlers: {
    async createSection(input) {
      const created = await createSection({
        name: input.name,
        description: input.description,
        name_en: input.name_en ?? null,
        description_en: input.description_en ?? null,
        allow_upload: input.allow_upload,
        is_active: input.is_active,
        review_uploads: input.review_uploads,
      });
      if (!created.ok) return failed(input.intent, `dashboard:gallery.${created.error}`, 400);
      return done(input.intent, "dashboard:toasts.sectionCreated");
    },
    editSection: (input) =>
      updateSectionWith(input.intent, input.id, {
        name: input.name,
        description: input.description ?? null,
        name_en: input.name_en ?? null,
        description_en: input.description_en ?? null,
        review_uploads: input.review_uploads,
      }),
    setSectionActive: (input) => updateSectionWith(input.intent, input.id, { is_active: input.value === "true" }),
    setSectionUpload: (input) => updateSectionWith(input.intent, input.id, { allow_upload: input.value === "true" }),
    async deleteSection(input) {
      if (!(await deleteSection(input.id))) return failed(input.intent, failures.deleteSection, 404);
      return done(input.intent, "dashboard:toasts.sectionDeleted");
    },
    async deleteMedia(input) {
      if (!(await deleteMedia(input.id))) return failed(input.intent, failures.deleteMedia, 404);
      return done(input.intent, "dashboard:toasts.photoDeleted");
    },
    removeDemoData: removeDemoDataHandler,
  },
};
