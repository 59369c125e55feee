import { Button, NativeSelect, NumberInput, TextInput } from "@mantine/core";
import { useActionData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { useHydrated } from "~/components/confirm/useHydrated";
import {
  DEFAULT_INVITATION_MAX_GUESTS,
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  MAX_GUESTS_PER_INVITATION,
  MIN_GUESTS_PER_INVITATION,
  TOTAL_CAPACITY,
} from "~/lib/constants";
import type { action } from "~/routes/admin";
import { formErrorsOf, useAdminFetcher } from "./useAdminFetcher";

type CreateResult = {
  ok?: boolean;
  created?: { code: string; primaryGuest: string };
  capacityWarning?: { total: number; capacity: number };
  initialValue?: { primaryGuest?: string; maxGuests?: string };
};

/** 'Crear Nueva Invitación': name and seats; shows the new code to send to the guest. */
export function CreateTab({ seatsHandedOut }: { seatsHandedOut: number }) {
  const { t } = useTranslation("dashboard");
  const fetcher = useAdminFetcher("create-invitation");
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const result = (fetcher.state === "idle" ? (fetcher.data ?? actionData) : undefined) as CreateResult | undefined;
  const errors = formErrorsOf(result);
  const busy = fetcher.state !== "idle";
  const [formKey, setFormKey] = useState(0);
  const [lastCreated, setLastCreated] = useState<{ code: string; primaryGuest: string } | null>(null);

  useEffect(() => {
    if (result?.ok && result.created) {
      setLastCreated(result.created);
      setFormKey((k) => k + 1); // reset: name empty, seats 1
    }
  }, [result]);

  const createdCode = lastCreated?.code ?? searchParams.get("created");
  const warning = result?.capacityWarning;
  const initial = warning ? result?.initialValue : undefined;

  return (
    <section className="card admin-card" aria-labelledby="create-title">
      <h2 id="create-title" className="admin-section-title">
        {t("create.title")}
      </h2>
      <p className="admin-muted">{t("create.seatsLeft", { count: Math.max(0, TOTAL_CAPACITY - seatsHandedOut), capacity: TOTAL_CAPACITY })}</p>
      {createdCode ? (
        <div className="created-code" role="status">
          <p>{t("create.created", { name: lastCreated?.primaryGuest ?? searchParams.get("createdFor") ?? "" })}</p>
          <p>
            <code className="invitation-code big">{createdCode}</code>
          </p>
          <p className="admin-muted">{t("create.shareHint")}</p>
        </div>
      ) : null}
      <fetcher.Form method="post" className="admin-form" key={formKey}>
        <input type="hidden" name="intent" value="createInvitation" />
        {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
        <TextInput
          name="primaryGuest"
          label={t("create.primaryGuest")}
          placeholder={t("create.primaryGuestPlaceholder")}
          defaultValue={initial?.primaryGuest ?? ""}
          maxLength={100}
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
          defaultValue={DEFAULT_LANGUAGE}
          size="md"
        />
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
      </fetcher.Form>
    </section>
  );
}
