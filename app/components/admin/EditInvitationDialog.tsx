import { Button, Modal, NumberInput, TextInput } from "@mantine/core";
import { Link, useActionData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { useHydrated } from "~/components/confirm/useHydrated";
import { MAX_GUESTS_PER_INVITATION, MIN_GUESTS_PER_INVITATION } from "~/lib/constants";
import type { InvitationStatus } from "~/lib/rsvp";
import type { action } from "~/routes/admin";
import { formErrorsOf, useAdminFetcher } from "./useAdminFetcher";

export interface EditableInvitation {
  id: number;
  primaryGuest: string;
  maxGuests: number;
  status: InvitationStatus;
}

type EditResult = {
  ok?: boolean;
  intent?: string;
  confirmAnswer?: { id: number; primaryGuest: string; maxGuests: string; answer: string };
};

/** The URL of the invitations list without the edit parameter (filters kept). */
export function useCloseEditHref() {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.delete("editInvitation");
  return `?${next}`;
}

/**
 * 'Editar Invitación': the primary guest's name, the seats (never below the guests confirmed: the
 * server answers 409) and the answer: keep it, back to 'Pendiente', or 'No asistirá'. Changing the
 * answer removes the additional guests, so the server asks first (confirmAnswer). With JavaScript
 * a dialog; without, the same form in the page (?editInvitation=id).
 */
export function EditInvitationDialog({ invitation }: { invitation: EditableInvitation }) {
  const { t } = useTranslation(["dashboard", "common"]);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const closeHref = useCloseEditHref();
  // Its own fetcher per opening: an earlier save must not close the dialog opened next.
  const fetcher = useAdminFetcher();
  const actionData = useActionData<typeof action>();
  const busy = fetcher.state !== "idle";
  const raw = (fetcher.state === "idle" ? (fetcher.data ?? actionData) : undefined) as EditResult | undefined;
  const result = raw?.intent === "editInvitation" ? raw : undefined;
  const prompt = result?.confirmAnswer?.id === invitation.id ? result.confirmAnswer : undefined;
  const errors = formErrorsOf(result);

  useEffect(() => {
    // Saved: the dialog closes (the success toast arrives with the reloaded list).
    if (fetcher.state === "idle" && (fetcher.data as EditResult | undefined)?.ok) navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [fetcher.state, fetcher.data, navigate, closeHref]);

  const form = (
    <fetcher.Form method="post" className="admin-form edit-invitation-form">
      <input type="hidden" name="intent" value="editInvitation" />
      <input type="hidden" name="id" value={invitation.id} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <TextInput
        name="primaryGuest"
        label={t("create.primaryGuest")}
        defaultValue={prompt?.primaryGuest ?? invitation.primaryGuest}
        maxLength={100}
        required
        data-autofocus
      />
      <NumberInput
        name="maxGuests"
        label={t("create.maxGuests")}
        description={t("edit.maxGuestsHint")}
        min={MIN_GUESTS_PER_INVITATION}
        max={MAX_GUESTS_PER_INVITATION}
        defaultValue={prompt ? Number(prompt.maxGuests) : invitation.maxGuests}
        allowDecimal={false}
      />
      <fieldset className="edit-answer">
        <legend>{t("edit.answer", { status: t(`invitations.${invitation.status}`) })}</legend>
        {(["keep", "pending", "declined"] as const).map((answer) => (
          <label key={answer} className="radio-field">
            <input type="radio" name="answer" value={answer} defaultChecked={(prompt?.answer ?? "keep") === answer} />
            <span>{t(`edit.${answer}`)}</span>
          </label>
        ))}
      </fieldset>
      <FormErrors id={`edit-errors-${invitation.id}`} errors={errors} />
      {prompt ? (
        <div className="admin-warning" role="alert">
          <p>{t("edit.confirmAnswer")}</p>
          <Button type="submit" name="confirmed" value="yes" color="orange" disabled={busy}>
            {t("edit.confirmYes")}
          </Button>
        </div>
      ) : null}
      <div className="edit-buttons">
        {hydrated ? (
          <Button variant="default" onClick={() => navigate(closeHref, { replace: true, preventScrollReset: true })} disabled={busy}>
            {t("edit.cancel")}
          </Button>
        ) : (
          <Link to={closeHref} className="button secondary">
            {t("edit.cancel")}
          </Link>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? t("edit.saving") : t("edit.save")}
        </Button>
      </div>
    </fetcher.Form>
  );

  if (!hydrated) {
    return (
      <section className="card admin-card edit-invitation" aria-labelledby="edit-invitation-title">
        <h3 id="edit-invitation-title">{t("edit.title")}</h3>
        {form}
      </section>
    );
  }
  return (
    <Modal
      opened
      onClose={() => navigate(closeHref, { replace: true, preventScrollReset: true })}
      title={t("edit.title")}
      centered
      closeButtonProps={{ "aria-label": t("common:close") }}
    >
      {form}
    </Modal>
  );
}
