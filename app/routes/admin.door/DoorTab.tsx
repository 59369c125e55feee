import { Button, PasswordInput } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminForm } from "~/components/admin/AdminForm";
import { useAdminAction } from "~/components/admin/useAdminFetcher";
import { FormErrors } from "~/components/confirm/FormErrors";
import { isLoadError, type LoadError } from "~/lib/admin-schemas";
import { DOOR_KEY_MAX_LENGTH, DOOR_KEY_MIN_LENGTH } from "~/lib/door";

/**
 * 'Recepción': the door's address to open on a phone, the arrivals so far, and 'Clave de
 * recepción', the key the people at the door sign in with (set, or changed: the door's open
 * sessions then end).
 */
export function DoorTab({
  hasKey,
  counts,
  address,
  qr,
}: {
  hasKey: boolean;
  counts: { arrived: number; confirmed: number } | LoadError;
  address: string;
  /** The address's QR code (an SVG the server made of the site's own address). */
  qr: string;
}) {
  const { t } = useTranslation("door");
  const save = useAdminAction("saveDoorKey");
  // A fresh, empty field after each save (the key is never shown again).
  const formKey = useLocation().key;
  return (
    <div className="admin-door">
      <h2 className="admin-section-title">{t("admin.title")}</h2>
      <p className="admin-muted">{t("admin.intro")}</p>
      <section className="card admin-card" aria-labelledby="door-address-title">
        <h3 id="door-address-title">{t("admin.address")}</h3>
        <p>
          <a href={address}>{address}</a>
        </p>
        <span className="door-address-qr" role="img" aria-label={t("admin.qrLabel", { url: address })} dangerouslySetInnerHTML={{ __html: qr }} />
        <p role="status">{isLoadError(counts) ? t("admin.failed") : t("counts", { arrived: counts.arrived, confirmed: counts.confirmed })}</p>
      </section>
      <AdminForm action={save} className="card admin-card admin-form" key={formKey}>
        <h3>{t("admin.keyTitle")}</h3>
        <p className="admin-muted">{hasKey ? t("admin.keySet") : t("admin.noKey")}</p>
        <PasswordInput
          name="key"
          label={t("admin.keyLabel")}
          description={t("admin.keyHint", { min: DOOR_KEY_MIN_LENGTH })}
          autoComplete="new-password"
          // No minLength or required: the server's rule answers a short key in the couple's language, with or without JavaScript.
          maxLength={DOOR_KEY_MAX_LENGTH}
          size="md"
          error={save.errors?.length ? <FormErrors id="door-key-errors" errors={save.errors} /> : undefined}
        />
        <Button type="submit" size="md" disabled={save.busy}>
          {hasKey ? t("admin.change") : t("admin.save")}
        </Button>
      </AdminForm>
    </div>
  );
}
