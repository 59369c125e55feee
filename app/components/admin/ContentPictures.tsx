import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { IMAGE_ACCEPT, MediaUploadForm } from "~/components/admin/ContentMediaSlot";
import type { AdminActionData } from "~/lib/admin-schemas";
import { errorsOf } from "~/lib/admin-schemas";
import { FormErrors } from "~/components/confirm/FormErrors";
import { DESCRIBE_PICTURE, isUploadedPicture, pictureName, type PictureTarget } from "~/lib/content-pictures";
import { PICTURE_DESCRIPTION_MAX, type TextPair } from "~/lib/content-schemas";

/** One picture of a sub-section: what it shows, and the name of what it belongs to ("La propuesta · Foto 1"). */
export interface EditablePicture {
  target: PictureTarget;
  src: string;
  label: string;
  /** The couple's description of their photo (absent: none yet). */
  description?: TextPair;
}

/**
 * The sub-section's pictures, each with its thumbnail and its own small upload form ('Cambiar
 * foto', 'Subir foto'): outside the text form (forms cannot nest), posted to the same screen. A
 * refused file's message shows in that picture's form. A photo the couple uploaded also has its
 * description ('Descripción (ES)', 'Descripción (EN)'), what the page says it shows; a default
 * picture has the site's own, so it has none to edit.
 */
export function ContentPictures({ pictures }: { pictures: EditablePicture[] }) {
  const { t } = useTranslation("contentMedia");
  const navigation = useNavigation();
  const reply = useActionData<AdminActionData>();
  const refusedPicture = reply && !reply.ok && reply.intent === "uploadMedia" ? reply.initialValue?.picture : undefined;
  const refusedDescription = reply && !reply.ok && reply.intent === DESCRIBE_PICTURE ? reply.initialValue?.picture : undefined;
  return (
    <section className="card admin-card content-pictures" aria-labelledby="content-pictures-title">
      <h3 id="content-pictures-title">{t("pictures.title")}</h3>
      <p className="admin-muted">{t("pictures.intro")}</p>
      {pictures.map(({ target, src, label, description }) => {
        const name = pictureName(target);
        const id = `picture-${name.replace(/\./g, "-")}`;
        const busy = navigation.state === "submitting" && navigation.formData?.get("picture") === name;
        return (
          <section key={name} className="content-picture" aria-labelledby={`${id}-title`}>
            <h4 id={`${id}-title`}>{label}</h4>
            <img src={src} alt={t("pictures.currentAlt", { label })} width={160} height={120} className="content-media-preview" />
            <MediaUploadForm
              field={{ name: "picture", value: name }}
              accept={IMAGE_ACCEPT}
              busy={busy}
              uploading={busy}
              label={t("pictures.file")}
              hint={t("pictures.hint")}
              button={t("pictures.upload")}
              errors={refusedPicture === name ? errorsOf(reply) : undefined}
            />
            {isUploadedPicture(src) ? (
              <Form method="post" className="admin-form picture-description" replace>
                <input type="hidden" name="intent" value={DESCRIBE_PICTURE} />
                <input type="hidden" name="picture" value={name} />
                <FormErrors id={`${id}-description-errors`} errors={refusedDescription === name ? errorsOf(reply) : undefined} />
                {(["es", "en"] as const).map((lang) => (
                  <div key={`${lang}-${description?.[lang] ?? ""}`}>
                    <label htmlFor={`${id}-description-${lang}`}>{t(`pictures.description.${lang}`)}</label>
                    <input
                      id={`${id}-description-${lang}`}
                      type="text"
                      name={`description.${lang}`}
                      defaultValue={description?.[lang] ?? ""}
                      maxLength={PICTURE_DESCRIPTION_MAX}
                      aria-describedby={`${id}-description-hint`}
                    />
                  </div>
                ))}
                <p id={`${id}-description-hint`} className="admin-muted">
                  {t("pictures.description.hint")}
                </p>
                <button type="submit" className="button secondary" disabled={navigation.state === "submitting"}>
                  {t("pictures.description.save")}
                </button>
              </Form>
            ) : null}
          </section>
        );
      })}
    </section>
  );
}
