import { Button, Modal, Switch, Textarea, TextInput } from "@mantine/core";
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { useHydrated } from "~/components/confirm/useHydrated";
import { SafeImage } from "~/components/SafeImage";
import { DEFAULT_SECTION_ALLOW_UPLOAD, DEFAULT_SECTION_IS_ACTIVE } from "~/lib/constants";
import { MAX_SECTION_DESCRIPTION_LENGTH, MAX_SECTION_NAME_LENGTH } from "~/lib/constants";
import type { Section } from "~/models/gallery.server";
import { TrashIcon } from "~/components/icons/index";
import { ConfirmAction } from "~/components/admin/ConfirmAction";
import { AdminForm } from "~/components/admin/AdminForm";
import { useAdminAction } from "~/components/admin/useAdminFetcher";

type AdminSection = Section;

/** Section management: create, toggle, edit, delete, and delete single photos. */
export function GalleryTab({ sections, editId }: { sections: AdminSection[]; editId: number | null }) {
  const { t, i18n } = useTranslation("dashboard");
  return (
    <div className="admin-gallery">
      <CreateSectionForm />
      <section aria-labelledby="sections-title">
        <h2 id="sections-title" className="admin-section-title">
          {t("gallery.sections", { count: sections.length })}
        </h2>
        {sections.some((s) => s.media.length > 0) ? (
          <a href="/admin/gallery.zip" className="button secondary small" download>
            {t("gallery.downloadAll")}
          </a>
        ) : null}{" "}
        <a href={`/admin/keepsake.zip?lang=${i18n.language === "en" ? "en" : "es"}`} className="button secondary small" download>
          {t("gallery.keepsake")}
        </a>
        <p className="admin-muted">{t("gallery.keepsakeHint")}</p>
        <a href="/admin/tables/print" className="button secondary small">
          {t("gallery.tableCards")}
        </a>
        <p className="admin-muted">{t("gallery.tableCardsHint")}</p>
        {sections.length === 0 ? (
          <p className="admin-empty">{t("gallery.empty")}</p>
        ) : (
          <div className="section-cards">
            {sections.map((s) => (
              <SectionCard key={s.id} section={s} editing={editId === s.id} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

function CreateSectionForm() {
  const { t } = useTranslation("dashboard");
  const create = useAdminAction("createSection", "create-section");
  const { errors, busy } = create;
  // Only this form's own successful create resets it (empty name and description, uploads on,
  // inactive): the screen's other actions (a toggle, an edit) also reload it, and what is typed
  // here stays. A success redirects, so the fetcher comes back idle with no answer of its own (it
  // keeps the one it had); a refusal is a new answer, and the form keeps what was typed.
  const [formKey, setFormKey] = useState(0);
  const submitted = useRef<{ before: unknown } | null>(null);
  const answer = create.fetcher.data;
  useEffect(() => {
    if (busy) {
      submitted.current ??= { before: answer };
      return;
    }
    if (!submitted.current) return;
    const { before } = submitted.current;
    submitted.current = null;
    if (answer === before || answer?.ok) setFormKey((key) => key + 1);
  }, [busy, answer]);
  return (
    <section className="card admin-card" aria-labelledby="create-section-title">
      <h2 id="create-section-title" className="admin-section-title">
        {t("gallery.createTitle")}
      </h2>
      <AdminForm action={create} className="admin-form" key={formKey}>
        <TextInput name="name" label={t("gallery.name")} placeholder={t("gallery.namePlaceholder")} maxLength={MAX_SECTION_NAME_LENGTH} size="md" />
        <Textarea name="description" label={t("gallery.description")} maxLength={MAX_SECTION_DESCRIPTION_LENGTH} autosize minRows={2} />
        <TextInput name="name_en" label={t("gallery.nameEn")} description={t("gallery.englishHint")} maxLength={MAX_SECTION_NAME_LENGTH} size="md" />
        <Textarea name="description_en" label={t("gallery.descriptionEn")} maxLength={MAX_SECTION_DESCRIPTION_LENGTH} autosize minRows={2} />
        <Switch name="allow_upload" label={t("gallery.allowUpload")} defaultChecked={DEFAULT_SECTION_ALLOW_UPLOAD} size="md" />
        <Switch name="is_active" label={t("gallery.isActive")} defaultChecked={DEFAULT_SECTION_IS_ACTIVE} size="md" />
        <Switch name="review_uploads" label={t("review:reviewUploads")} defaultChecked={false} size="md" />
        <FormErrors id="create-section-errors" errors={errors} />
        <Button type="submit" size="md" disabled={busy}>
          {busy ? t("gallery.submitting") : t("gallery.submit")}
        </Button>
      </AdminForm>
    </section>
  );
}

function ToggleButton(props: { intent: "setSectionActive" | "setSectionUpload"; id: number; value: boolean; label: string }) {
  const toggle = useAdminAction(props.intent);
  return (
    <AdminForm action={toggle}>
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="value" value={String(props.value)} />
      <button type="submit" className="button secondary small" disabled={toggle.busy}>
        {props.label}
      </button>
    </AdminForm>
  );
}

function SectionCard({ section, editing }: { section: AdminSection; editing: boolean }) {
  const { t } = useTranslation(["dashboard", "common"]);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <article className={section.is_active ? "card section-card" : "card section-card inactive"} aria-labelledby={`section-${section.id}`}>
      <header className="section-card-header">
        <h3 id={`section-${section.id}`}>{section.name}</h3>
        <span className={section.is_active ? "badge badge-green" : "badge badge-gray"}>{section.is_active ? t("gallery.active") : t("gallery.inactive")}</span>
      </header>
      {section.description ? <p>{section.description}</p> : null}
      <p className="admin-muted section-meta">
        <span>{t("gallery.order", { order: section.order })}</span>
        <span>{t("gallery.photos", { count: section.media.length })}</span>
        <span>{section.allow_upload ? t("gallery.uploadAllowed") : t("gallery.uploadBlocked")}</span>
        {section.review_uploads ? <span>{t("review:reviewOn")}</span> : null}
      </p>
      <div className="section-actions">
        <ToggleButton
          intent="setSectionActive"
          id={section.id}
          value={!section.is_active}
          label={section.is_active ? t("gallery.deactivate") : t("gallery.activate")}
        />
        <ToggleButton
          intent="setSectionUpload"
          id={section.id}
          value={!section.allow_upload}
          label={section.allow_upload ? t("gallery.blockUploads") : t("gallery.allowUploads")}
        />
        {hydrated ? (
          <button type="button" className="button secondary small" onClick={() => navigate(`?edit=${section.id}`, { preventScrollReset: true })}>
            {t("gallery.edit")}
          </button>
        ) : (
          <a className="button secondary small" href={`?edit=${section.id}#section-${section.id}`}>
            {t("gallery.edit")}
          </a>
        )}
        <ConfirmAction intent="deleteSection" id={section.id} name={section.name} prompt={t("confirm.deleteSection")} className="button danger small">
          {t("gallery.delete")}
          <span className="visually-hidden"> {section.name}</span>
        </ConfirmAction>
      </div>
      {/* ?edit=id: a dialog with JavaScript, the form in the card without. A save redirects without it, which closes it. */}
      {editing && !hydrated ? <EditSectionForm section={section} /> : null}
      <Modal opened={editing && hydrated} onClose={() => navigate(".", { preventScrollReset: true })} title={t("gallery.editTitle")} centered>
        <EditSectionForm section={section} />
      </Modal>
      {section.media.length > 0 ? (
        <ul className="admin-photos">
          {section.media.map((m) => (
            <li key={m.id}>
              <SafeImage src={m.thumbnail_url ?? m.public_url} alt={m.name} width={96} height={96} className="admin-thumb" />
              <ConfirmAction
                intent="deleteMedia"
                id={m.id}
                prompt={t("confirm.deletePhoto")}
                label={t("gallery.deletePhoto", { name: m.name })}
                className="icon-danger small"
              >
                <TrashIcon size={16} />
              </ConfirmAction>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function EditSectionForm({ section }: { section: AdminSection }) {
  const { t } = useTranslation("dashboard");
  // Without JavaScript the form is a plain post: its refusal comes back as the page's action data.
  const edit = useAdminAction("editSection");
  const { errors } = edit;
  const hydrated = useHydrated();
  return (
    <AdminForm action={edit} className="admin-form" aria-label={t("gallery.editTitle")}>
      {!hydrated ? <h4>{t("gallery.editTitle")}</h4> : null}
      <input type="hidden" name="id" value={section.id} />
      <TextInput name="name" label={t("gallery.name")} defaultValue={section.name} maxLength={MAX_SECTION_NAME_LENGTH} data-autofocus />
      <Textarea
        name="description"
        label={t("gallery.description")}
        defaultValue={section.description ?? ""}
        maxLength={MAX_SECTION_DESCRIPTION_LENGTH}
        autosize
        minRows={2}
      />
      <TextInput
        name="name_en"
        label={t("gallery.nameEn")}
        description={t("gallery.englishHint")}
        defaultValue={section.name_en ?? ""}
        maxLength={MAX_SECTION_NAME_LENGTH}
      />
      <Textarea
        name="description_en"
        label={t("gallery.descriptionEn")}
        defaultValue={section.description_en ?? ""}
        maxLength={MAX_SECTION_DESCRIPTION_LENGTH}
        autosize
        minRows={2}
      />
      <Switch name="review_uploads" label={t("review:reviewUploads")} defaultChecked={section.review_uploads === true} size="md" />
      <FormErrors id={`edit-${section.id}-errors`} errors={errors} />
      <Button type="submit" disabled={edit.busy}>
        {t("gallery.save")}
      </Button>
    </AdminForm>
  );
}
