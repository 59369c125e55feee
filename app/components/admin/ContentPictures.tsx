import { useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { IMAGE_ACCEPT, MediaUploadForm } from "~/components/admin/ContentMediaSlot";
import type { AdminActionData } from "~/lib/admin-schemas";
import { errorsOf } from "~/lib/admin-schemas";
import { pictureName, type PictureTarget } from "~/lib/content-pictures";

/** One picture of a sub-section: what it shows, and the name of what it belongs to ("La propuesta · Foto 1"). */
export interface EditablePicture {
  target: PictureTarget;
  src: string;
  label: string;
}

/**
 * The sub-section's pictures, each with its thumbnail and its own small upload form ('Cambiar
 * foto', 'Subir foto'): outside the text form (forms cannot nest), posted to the same screen. A
 * refused file's message shows in that picture's form.
 */
export function ContentPictures({ pictures }: { pictures: EditablePicture[] }) {
  const { t } = useTranslation("contentMedia");
  const navigation = useNavigation();
  const reply = useActionData<AdminActionData>();
  const refusedPicture = reply && !reply.ok && reply.intent === "uploadMedia" ? reply.initialValue?.picture : undefined;
  return (
    <section className="card admin-card content-pictures" aria-labelledby="content-pictures-title">
      <h3 id="content-pictures-title">{t("pictures.title")}</h3>
      <p className="admin-muted">{t("pictures.intro")}</p>
      {pictures.map(({ target, src, label }) => {
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
          </section>
        );
      })}
    </section>
  );
}
