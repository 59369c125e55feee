import { Button, NativeSelect, NumberInput, TextInput } from "@mantine/core";
import { useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import {
  DEFAULT_INVITATION_MAX_GUESTS,
  DEFAULT_LANGUAGE,
  MAX_GUESTS_PER_INVITATION,
  MAX_NAME_LENGTH,
  MIN_GUESTS_PER_INVITATION,
  SUPPORTED_LANGUAGES,
  TOTAL_CAPACITY,
} from "~/lib/constants";
import { AdminForm } from "~/components/admin/AdminForm";
import { ContactFields } from "~/components/admin/ContactFields";
import { InvitedToFields } from "~/components/admin/InvitedToFields";
import { useAdminAction } from "~/components/admin/useAdminFetcher";
import { SharePanel, type SharedInvitation } from "~/components/admin/ShareInvitation";

/** 'Crear Nueva Invitación': name and seats; then the new code, its personal link and 'Compartir', first on the screen. */
export function CreateTab({ seatsHandedOut, created }: { seatsHandedOut: number; created: SharedInvitation | null }) {
  const { t } = useTranslation("dashboard");
  const create = useAdminAction("createInvitation", "create-invitation");
  const { result, errors, busy } = create;
  const [searchParams] = useSearchParams();
  // A success redirects here with the new code (`?created=`, `createdFor=`), with or without JavaScript.
  const createdCode = searchParams.get("created");
  const warning = result && !result.ok ? result.capacityWarning : undefined;
  const initial = result && !result.ok ? result.initialValue : undefined;
  // The new code, its link and 'Compartir' are what the admin came for: shown above the form, and
  // focus moves to their heading (read out) and they are scrolled to the middle, clear of the toast
  // at the top. Without JavaScript the redirect's #created-invitation scrolls to them.
  const createdRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = createdRef.current;
    if (!createdCode || !heading) return;
    heading.focus({ preventScroll: true });
    heading.closest(".created-code")?.scrollIntoView({ block: "center" });
  }, [createdCode]);

  return (
    <section className="card admin-card" aria-labelledby="create-title">
      <h2 id="create-title" className="admin-section-title">
        {t("create.title")}
      </h2>
      <p className="admin-muted">{t("create.seatsLeft", { count: Math.max(0, TOTAL_CAPACITY - seatsHandedOut), capacity: TOTAL_CAPACITY })}</p>
      {createdCode ? (
        <section className="created-code" id="created-invitation" aria-labelledby="created-invitation-title">
          <h3 id="created-invitation-title" tabIndex={-1} ref={createdRef}>
            {t("create.created", { name: created?.primaryGuest ?? searchParams.get("createdFor") ?? "" })}{" "}
            <code className="invitation-code big">{createdCode}</code>
          </h3>
          <p className="admin-muted">{t("create.shareHint")}</p>
          {created ? <SharePanel invitation={created} qr={false} /> : null}
        </section>
      ) : null}
      {/* Keyed by the code: a new invitation resets the form (name empty, seats 1); a refusal keeps it. */}
      <AdminForm action={create} className="admin-form" key={createdCode ?? ""}>
        <TextInput
          name="primaryGuest"
          label={t("create.primaryGuest")}
          placeholder={t("create.primaryGuestPlaceholder")}
          defaultValue={initial?.primaryGuest ?? ""}
          maxLength={MAX_NAME_LENGTH}
          size="md"
        />
        <NumberInput
          name="maxGuests"
          label={t("create.maxGuests")}
          description={t("create.maxGuestsHint")}
          min={MIN_GUESTS_PER_INVITATION}
          max={MAX_GUESTS_PER_INVITATION}
          defaultValue={initial?.maxGuests ? Number(initial.maxGuests) : DEFAULT_INVITATION_MAX_GUESTS}
          allowDecimal={false}
          size="md"
        />
        <NativeSelect
          name="language"
          label={t("create.language")}
          description={t("create.languageHint")}
          data={SUPPORTED_LANGUAGES.map((lng) => ({ value: lng, label: t(`language:${lng}`) }))}
          defaultValue={initial?.language ?? DEFAULT_LANGUAGE}
          size="md"
        />
        <ContactFields phone={initial?.phone} email={initial?.email} size="md" />
        <InvitedToFields invited={initial?.events !== undefined ? initial.events.split(",").filter(Boolean).map(Number) : undefined} />
        <FormErrors id="create-errors" errors={errors} />
        {warning ? (
          <div className="admin-warning" role="alert">
            <p>{t("create.capacityWarning", { total: warning.total, capacity: warning.capacity })}</p>
            <Button type="submit" name="overCapacity" value="yes" color="orange" disabled={busy}>
              {t("create.createAnyway")}
            </Button>
          </div>
        ) : null}
        <Button type="submit" size="md" disabled={busy}>
          {busy ? t("create.submitting") : t("create.submit")}
        </Button>
      </AdminForm>
    </section>
  );
}
