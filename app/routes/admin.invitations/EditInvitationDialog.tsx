import { Button, Modal, NativeSelect, NumberInput, TextInput } from "@mantine/core";
import { useVenueTimeZone } from "~/root";
import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { useHydrated } from "~/components/confirm/useHydrated";
import { DEFAULT_LANGUAGE, MAX_GUESTS_PER_INVITATION, MAX_NAME_LENGTH, MIN_GUESTS_PER_INVITATION, SUPPORTED_LANGUAGES } from "~/lib/constants";
import type { InvitationStatus } from "~/lib/rsvp";
import { displayPhone } from "~/lib/contacts";
import { formatLongDate } from "~/lib/dates";
import { AdminForm } from "~/components/admin/AdminForm";
import { ContactFields } from "~/components/admin/ContactFields";
import { InvitedToFields } from "~/components/admin/InvitedToFields";
import { useAdminAction } from "~/components/admin/useAdminFetcher";

export interface EditableInvitation {
  id: number;
  primaryGuest: string;
  maxGuests: number;
  status: InvitationStatus;
  language?: string;
  phone?: string | null;
  email?: string | null;
  openedFirstAt?: string | null;
  openedLastAt?: string | null;
  /** The events it is invited to (the wedding is 0). */
  events?: number[];
}

/** The URL of the invitations list without the edit parameter (filters kept). */
export function useCloseEditHref() {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.delete("editInvitation");
  return `?${next}`;
}

/**
 * 'Editar Invitación': the primary guest's name, the seats (never below the guests confirmed: the
 * server answers 409), the invitation's language and the answer: keep it, back to 'Pendiente', or
 * 'No asistirá'. Changing the answer removes the additional guests, so the server asks first
 * (confirmAnswer). With JavaScript a dialog; without, the same form in the page (?editInvitation=id).
 */
export function EditInvitationDialog({ invitation }: { invitation: EditableInvitation }) {
  const { t, i18n } = useTranslation(["dashboard", "common", "language", "reminders"]);
  const venueZone = useVenueTimeZone();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const closeHref = useCloseEditHref();
  // Saved: the answer redirects to the list without ?editInvitation=, which closes the dialog (the
  // success toast arrives with the reloaded list).
  const edit = useAdminAction("editInvitation");
  const { result, busy, errors } = edit;
  const prompt = result && !result.ok && result.confirmAnswer?.id === invitation.id ? result.confirmAnswer : undefined;
  // What was typed, after the question or a refusal; else what is stored.
  const refused = result && !result.ok && result.initialValue?.id === String(invitation.id) ? result.initialValue : undefined;
  const typed = prompt ?? refused;

  const form = (
    <AdminForm action={edit} className="admin-form edit-invitation-form">
      <input type="hidden" name="id" value={invitation.id} />
      <TextInput
        name="primaryGuest"
        label={t("create.primaryGuest")}
        defaultValue={typed?.primaryGuest ?? invitation.primaryGuest}
        maxLength={MAX_NAME_LENGTH}
        required
        data-autofocus
      />
      <NumberInput
        name="maxGuests"
        label={t("create.maxGuests")}
        description={t("edit.maxGuestsHint")}
        min={MIN_GUESTS_PER_INVITATION}
        max={MAX_GUESTS_PER_INVITATION}
        defaultValue={typed ? Number(typed.maxGuests) : invitation.maxGuests}
        allowDecimal={false}
      />
      <NativeSelect
        name="language"
        label={t("create.language")}
        description={t("create.languageHint")}
        data={SUPPORTED_LANGUAGES.map((lng) => ({ value: lng, label: t(`language:${lng}`) }))}
        defaultValue={typed?.language || invitation.language || DEFAULT_LANGUAGE}
      />
      <ContactFields phone={typed ? typed.phone : invitation.phone && displayPhone(invitation.phone)} email={typed ? typed.email : invitation.email} />
      <InvitedToFields invited={refused?.events !== undefined ? refused.events.split(",").filter(Boolean).map(Number) : (invitation.events ?? [])} />
      <p className="admin-muted invitation-opened">
        {invitation.openedFirstAt
          ? `${t("reminders:opened.at", { date: formatLongDate(invitation.openedFirstAt, i18n.language, venueZone) })}${
              invitation.openedLastAt && invitation.openedLastAt !== invitation.openedFirstAt
                ? ` · ${t("reminders:opened.last", { date: formatLongDate(invitation.openedLastAt, i18n.language, venueZone) })}`
                : ""
            }`
          : t("reminders:opened.never")}
      </p>
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
    </AdminForm>
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
