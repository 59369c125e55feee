import { Button, Modal, TextInput } from "@mantine/core";
import { Form, useActionData, useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_NAME_LENGTH } from "~/lib/constants";
import { formatLongDate } from "~/lib/dates";
import { additionalSeats, buildGuestList } from "~/lib/rsvp";
import type { action } from "~/routes/confirm";
import { FormErrors } from "./FormErrors";
import { useHydrated } from "./useHydrated";

export const CONFIRM_FETCHER = "confirm-attendance";

interface Props {
  invitation: { primaryGuest: string; maxGuests: number };
  deadline: string;
}

/** Step 2: the invitation, its notes, and the confirmation (dialog with JS, inline fields without). */
export function InvitationView({ invitation, deadline }: Props) {
  const { t, i18n } = useTranslation("confirm");
  const fetcher = useFetcher<typeof action>({ key: CONFIRM_FETCHER });
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [dialogOpen, setDialogOpen] = useState(false);
  const extra = additionalSeats(invitation.maxGuests);
  const busy = fetcher.state !== "idle";
  const serverErrors = (busy ? undefined : (fetcher.data ?? actionData))?.error?.[""] ?? undefined;

  return (
    <div className="card">
      <h1 className="confirm-title">{t("greeting", { name: invitation.primaryGuest })}</h1>
      <p>{t("deadlineNote", { date: formatLongDate(deadline, i18n.language) })}</p>
      {extra > 0 ? <p>{t("additionalNote", { count: extra })}</p> : null}
      {!dialogOpen ? <FormErrors id="confirm-errors" errors={serverErrors} /> : null}

      {extra === 0 ? (
        // One seat: the confirmation is sent directly with only the primary guest.
        <fetcher.Form method="post" className="confirm-actions">
          <input type="hidden" name="intent" value="confirm" />
          {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
          <Button type="submit" size="md" fullWidth disabled={busy}>
            {busy ? t("confirming") : t("confirmButton")}
          </Button>
        </fetcher.Form>
      ) : (
        <>
          {/* Without JavaScript the additional-guest fields sit in the page itself. */}
          {hydrated ? null : (
            <form method="post" className="confirm-inline no-js-only">
              <input type="hidden" name="intent" value="confirm" />
              <p className="confirm-primary">{t("dialog.primary", { name: invitation.primaryGuest })}</p>
              <fieldset>
                <legend>{t("form.additionalLegend")}</legend>
                {Array.from({ length: extra }, (_, i) => (
                  <label key={i} className="plain-field">
                    <span>{t("dialog.additional", { n: i + 1 })}</span>
                    <input type="text" name={`guests[${i}]`} placeholder={t("dialog.placeholder")} maxLength={MAX_NAME_LENGTH} autoComplete="off" />
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="button">
                {t("confirmButton")}
              </button>
            </form>
          )}
          <div className="confirm-actions js-only">
            <Button type="button" size="md" fullWidth onClick={() => setDialogOpen(true)} disabled={busy}>
              {busy ? t("confirming") : t("confirmButton")}
            </Button>
          </div>
          <AdditionalGuestsDialog
            opened={dialogOpen}
            onClose={() => setDialogOpen(false)}
            primaryGuest={invitation.primaryGuest}
            maxGuests={invitation.maxGuests}
            serverErrors={serverErrors}
          />
        </>
      )}

      <Form method="post" className="confirm-other">
        <input type="hidden" name="intent" value="clear" />
        <button type="submit" className="link-button">
          {t("otherCode")}
        </button>
      </Form>
    </div>
  );
}

function AdditionalGuestsDialog(props: { opened: boolean; onClose: () => void; primaryGuest: string; maxGuests: number; serverErrors?: string[] }) {
  const { t } = useTranslation(["confirm", "common"]);
  const fetcher = useFetcher<typeof action>({ key: CONFIRM_FETCHER });
  const [clientError, setClientError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const extra = additionalSeats(props.maxGuests);
  const errors = clientError ? [clientError] : props.serverErrors;

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("dialog.title")} centered size="md" closeButtonProps={{ "aria-label": t("common:close") }}>
      <fetcher.Form
        method="post"
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          // Same rule as the server: at least one additional name, blanks dropped.
          const names = [...new FormData(event.currentTarget).entries()].filter(([key]) => key.startsWith("guests[")).map(([, value]) => String(value));
          const list = buildGuestList(props.primaryGuest, props.maxGuests, names);
          if (!list.ok) {
            event.preventDefault();
            setClientError(list.error === "additionalRequired" ? "confirm:form.errorMessage" : `confirm:form.${list.error}`);
            return;
          }
          setClientError(null);
        }}
      >
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="_js" value="1" />
        <p className="confirm-primary">{t("dialog.primary", { name: props.primaryGuest })}</p>
        <div className="confirm-dialog-fields">
          {Array.from({ length: extra }, (_, i) => (
            <TextInput
              key={i}
              name={`guests[${i}]`}
              data-autofocus={i === 0 ? true : undefined}
              label={t("dialog.additional", { n: i + 1 })}
              placeholder={t("dialog.placeholder")}
              maxLength={MAX_NAME_LENGTH}
              autoComplete="off"
              onInput={() => setClientError(null)}
            />
          ))}
        </div>
        <FormErrors id="dialog-errors" errors={errors} />
        <div className="confirm-dialog-buttons">
          <Button type="button" variant="default" onClick={props.onClose} disabled={busy}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t("confirming") : t("dialog.confirm")}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
