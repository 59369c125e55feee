import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import type { MediaSlot, SlotState } from "~/lib/content-media";
import { fileSize } from "~/lib/format";

/** What the file input offers first (the server checks the content whatever is picked). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
const ACCEPT: Record<MediaSlot, string> = {
  portrait: IMAGE_ACCEPT,
  heroVideo: "video/mp4,.mp4",
  music: "audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,.mp3,.m4a,.ogg",
};

/**
 * One slot of Multimedia: what the site shows now (with a preview), a plain multipart form to
 * replace it (the same with and without JavaScript), and 'Quitar'.
 */
export function ContentMediaSlot({ slot, state, address }: { slot: MediaSlot; state: SlotState; address: string | null }) {
  const { t, i18n } = useTranslation("contentMedia");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("slot") === slot;
  const uploading = busy && navigation.formData?.get("intent") === "uploadMedia";
  const titleId = `media-${slot}-title`;
  // The hero's address answers "no video" until one is uploaded: nothing to preview then.
  const shown = slot === "heroVideo" && state.kind !== "uploaded" ? null : address;
  return (
    <section className="card admin-card content-media-slot" aria-labelledby={titleId}>
      <h3 id={titleId}>{t(`slots.${slot}.title`)}</h3>
      {state.kind === "uploaded" ? (
        <p>{t("current", { name: state.name, size: fileSize(state.size, i18n.language) })}</p>
      ) : (
        <p className="admin-muted">{t(`slots.${slot}.${state.kind}`)}</p>
      )}
      {shown ? <Preview slot={slot} src={shown} label={t(`slots.${slot}.title`)} alt={t("slots.portrait.previewAlt")} /> : null}
      <MediaUploadForm
        field={{ name: "slot", value: slot }}
        accept={ACCEPT[slot]}
        busy={busy}
        uploading={uploading}
        label={t("file")}
        hint={t(`slots.${slot}.hint`)}
        button={t("upload")}
      />
      {state.kind === "removed" || (slot === "heroVideo" && state.kind === "default") ? null : (
        <Form method="post" replace>
          <input type="hidden" name="intent" value="removeMedia" />
          <input type="hidden" name="slot" value={slot} />
          <button type="submit" className="button danger small" disabled={busy}>
            {t("remove")}
          </button>
        </Form>
      )}
    </section>
  );
}

/**
 * A plain multipart form replacing one file (a slot of Multimedia, a picture of the content): the
 * same with and without JavaScript. `field` names what it replaces; the server reads it before the file.
 */
export function MediaUploadForm({
  field,
  accept,
  busy,
  uploading,
  label,
  hint,
  button,
  errors,
}: {
  field: { name: "slot" | "picture"; value: string };
  accept: string;
  busy: boolean;
  uploading: boolean;
  label: string;
  hint: string;
  button: string;
  errors?: string[];
}) {
  const { t } = useTranslation("contentMedia");
  const fileId = `media-${field.value.replace(/\./g, "-")}-file`;
  return (
    <Form method="post" encType="multipart/form-data" className="admin-form" replace>
      {/* The fields before the file: the server reads them first, as the file streams in. */}
      <input type="hidden" name="intent" value="uploadMedia" />
      <input type="hidden" name={field.name} value={field.value} />
      <FormErrors id={`${fileId}-errors`} errors={errors} />
      <label htmlFor={fileId}>{label}</label>
      <input id={fileId} type="file" name="file" accept={accept} required aria-describedby={`${fileId}-hint`} />
      <p id={`${fileId}-hint`} className="admin-muted">
        {hint}
      </p>
      <button type="submit" className="button" disabled={busy}>
        {uploading ? t("uploading") : button}
      </button>
    </Form>
  );
}

function Preview({ slot, src, label, alt }: { slot: MediaSlot; src: string; label: string; alt: string }) {
  if (slot === "portrait") return <img src={src} alt={alt} width={160} height={213} className="content-media-preview" />;
  if (slot === "heroVideo") return <video src={src} controls muted preload="metadata" aria-label={label} className="content-media-preview" />;
  // eslint-disable-next-line jsx-a11y/media-has-caption -- instrumental background music: nothing to caption
  return <audio src={src} controls preload="none" aria-label={label} />;
}
