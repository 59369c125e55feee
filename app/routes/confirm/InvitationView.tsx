import { Button, Textarea, TextInput } from "@mantine/core";
import { LazyModal } from "~/components/LazyModal";
import { useVenueTimeZone } from "~/root";
import { Form, Link, useActionData, useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatLongDate } from "~/lib/dates";
import { MAX_NAME_LENGTH } from "~/lib/constants";
import { additionalSeats, buildAnswer, MAX_DIETARY_LENGTH, MAX_MESSAGE_LENGTH } from "~/lib/rsvp";
import type { action } from "./route";
import { DeclineAction } from "./DeclineAction";
import { FormErrors } from "~/components/confirm/FormErrors";
import { useHydrated } from "~/components/confirm/useHydrated";
import { EventAttendance } from "~/components/events/EventAttendance";
import { asksPerEvent, type SiteEvent } from "~/lib/events";
import type { MenuOptions } from "~/lib/menu";
import { MenuFields } from "./MenuFields";
import { QuestionFields, QuestionIds } from "./QuestionFields";
import { questionFields, type GuestQuestion } from "~/lib/guest-questions";

export const CONFIRM_FETCHER = "confirm-attendance";

interface Props {
  invitation: { primaryGuest: string; maxGuests: number };
  deadline: string;
  /** The events it is invited to, the wedding first (docs/decisions/0057-events.md). */
  events?: readonly SiteEvent[];
  /** The couple's menu and children question, when either is turned on. */
  menu?: MenuOptions | null;
  /** 'Cambiar mi respuesta' (decision 0062): the stored answer as the form's fields; the form replaces it. */
  stored?: Record<string, string | string[]> | null;
  /** The couple's own questions, in their order (none: the form is as before). */
  questions?: readonly GuestQuestion[];
}

/**
 * Step 2: the invitation, its notes, the primary guest's dietary needs, a message to the couple,
 * and the two answers. A "yes" with extra seats opens the additional-guests dialog (on a page drawn
 * by the server the fields are inline until that tap, and always without JavaScript: decision 0069);
 * a "no" asks once more first.
 */
export function InvitationView({ invitation, deadline, events = [], menu = null, questions = [], stored = null }: Props) {
  const { t, i18n } = useTranslation("confirm");
  const venueZone = useVenueTimeZone();
  const fetcher = useFetcher<typeof action>({ key: CONFIRM_FETCHER });
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  // Whether the additional guests are asked in the dialog rather than in the page. A view drawn by
  // the script (a code checked in the browser) asks in the dialog from its first frame. A page drawn
  // by the server keeps its inline fields after hydration too, until the guest taps 'Confirmar
  // Asistencia': dropping them (and adding the hint) as soon as the script runs would move the whole
  // form under the guest's eyes, and the tap makes the change theirs.
  const [asksInDialog, setAsksInDialog] = useState(hydrated);
  // Names and notes typed in the inline fields: the dialog starts with them.
  const [carried, setCarried] = useState<Record<string, string[]>>({});
  const carryTyped = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    const extraSeats = additionalSeats(invitation.maxGuests);
    const list = (name: string) => Array.from({ length: extraSeats }, (_, i) => String(fields.get(`${name}[${i}]`) ?? ""));
    // Each person's answers to the couple's questions: person 0 is the primary guest, so one more.
    const answers = questions.map((_, j) => {
      const name = questionFields(j).person;
      return [name, Array.from({ length: extraSeats + 1 }, (_, p) => String(fields.get(`${name}[${p}]`) ?? ""))] as const;
    });
    setCarried({ guests: list("guests"), dietary: list("dietary"), dish: list("dish"), child: list("child"), ...Object.fromEntries(answers) });
  };
  const [dialogOpen, setDialogOpen] = useState(false);
  const extra = additionalSeats(invitation.maxGuests);
  const busy = fetcher.state !== "idle";
  const serverErrors = errorsOf((busy ? undefined : (fetcher.data ?? actionData))?.error);
  // A plain post's refusal is a new page: it brings back what the guest typed (decision 0020).
  // With the page's script the form never leaves the page, and its fields keep what is in them.
  // Changing an answer starts from the stored one.
  const shown = actionData ?? (stored ? { initialValue: stored } : undefined);
  const typed = typedIn(shown);
  const typedForDialog = (name: string, i?: number) => (i !== undefined && carried[name]?.[i]) || typed(name, i);
  // Invited to more than the wedding: one plain form, names inline and each person's events, with or without JavaScript.
  const perEvent = asksPerEvent(events.map((e) => e.id));
  const typedAttends = typedList(shown, "attends");
  // A change shows every name inline too, with or without JavaScript.
  const editing = stored !== null;
  const dialogFlow = hydrated && extra > 0 && !perEvent && !editing;
  const openDialog = dialogFlow && asksInDialog;
  const inline = !asksInDialog || perEvent || editing;

  return (
    <div className="card">
      <h1 className="confirm-title">{editing ? t("change.title") : t("greeting", { name: invitation.primaryGuest })}</h1>
      <p>{t("deadlineNote", { date: formatLongDate(deadline, i18n.language, venueZone) })}</p>
      {extra > 0 ? <p>{t("additionalNote", { count: extra })}</p> : null}
      {/* With the script the names are asked in a dialog, not in the page: say so. */}
      {extra > 0 && asksInDialog && !perEvent && !editing ? <p className="confirm-hint">{t("additionalHint")}</p> : null}
      {!dialogOpen ? <FormErrors id="confirm-errors" errors={serverErrors} /> : null}

      <fetcher.Form
        method="post"
        ref={formRef}
        className="confirm-form"
        onSubmit={(event) => {
          // With extra seats and JavaScript the answer is sent from the dialog; the first tap
          // moves what was typed in the page's fields into it.
          if (!dialogFlow) return;
          event.preventDefault();
          if (!asksInDialog) {
            carryTyped(event.currentTarget);
            setAsksInDialog(true);
          }
          setDialogOpen(true);
        }}
      >
        <input type="hidden" name="intent" value={editing ? "update" : "confirm"} />
        {perEvent ? <input type="hidden" name="attendsAsked" value="yes" /> : null}
        {extra > 0 && inline ? <p className="confirm-primary">{t("dialog.primary", { name: invitation.primaryGuest })}</p> : null}
        <TextInput
          name="primaryDietary"
          label={t("answer.dietary")}
          placeholder={t("answer.dietaryPlaceholder")}
          maxLength={MAX_DIETARY_LENGTH}
          autoComplete="off"
          defaultValue={typed("primaryDietary")}
        />
        <MenuFields menu={menu} typed={typed} />
        <QuestionIds questions={questions} />
        <QuestionFields questions={questions} person={0} who={extra > 0 ? invitation.primaryGuest : undefined} typed={typed} />
        {perEvent ? <EventAttendance person={0} who={invitation.primaryGuest} events={events} typed={typedAttends} /> : null}
        {extra > 0 && inline ? (
          // On a page drawn by the server (and always without JavaScript) the additional-guest
          // fields sit in the page itself, visible: a tap on 'Confirmar Asistencia' before the
          // script runs posts them with the answer; once it runs, the tap opens the dialog instead.
          <fieldset className="confirm-inline">
            <legend>{t("form.additionalLegend")}</legend>
            {Array.from({ length: extra }, (_, i) => (
              <div key={i} className="confirm-guest-fields">
                <label className="plain-field">
                  <span>{t("dialog.additional", { n: i + 1 })}</span>
                  <input
                    type="text"
                    name={`guests[${i}]`}
                    defaultValue={typed("guests", i)}
                    placeholder={t("dialog.placeholder")}
                    maxLength={MAX_NAME_LENGTH}
                    autoComplete="off"
                  />
                </label>
                <label className="plain-field">
                  <span>{t("answer.dietaryFor", { n: i + 1 })}</span>
                  <input
                    type="text"
                    name={`dietary[${i}]`}
                    defaultValue={typed("dietary", i)}
                    placeholder={t("answer.dietaryPlaceholder")}
                    maxLength={MAX_DIETARY_LENGTH}
                    autoComplete="off"
                  />
                </label>
                <MenuFields menu={menu} n={i + 1} typed={typed} />
                <QuestionFields questions={questions} person={i + 1} who={t("dialog.additional", { n: i + 1 })} typed={typed} />
                {perEvent ? <EventAttendance person={i + 1} who={t("dialog.additional", { n: i + 1 })} events={events} typed={typedAttends} /> : null}
              </div>
            ))}
          </fieldset>
        ) : null}
        <QuestionFields questions={questions} typed={typed} />
        <Textarea name="message" label={t("answer.message")} maxLength={MAX_MESSAGE_LENGTH} autosize minRows={2} maxRows={6} defaultValue={typed("message")} />
        <div className="confirm-actions">
          <Button type="submit" size="md" fullWidth disabled={busy}>
            {editing ? (busy ? t("change.saving") : t("change.save")) : busy ? t("confirming") : t("confirmButton")}
          </Button>
        </div>
      </fetcher.Form>

      {editing ? (
        <Link to="/confirm" className="confirm-other link-button">
          {t("change.cancel")}
        </Link>
      ) : (
        <DeclineAction />
      )}

      {/* Only once the page runs: the server and a browser without JavaScript never show it, so
          the server does not build it for every guest (decision 0015). */}
      {openDialog ? (
        <AdditionalGuestsDialog
          opened={dialogOpen}
          onClose={() => setDialogOpen(false)}
          primaryGuest={invitation.primaryGuest}
          maxGuests={invitation.maxGuests}
          answerForm={formRef}
          serverErrors={serverErrors}
          typed={typedForDialog}
          menu={menu}
          questions={questions}
        />
      ) : null}

      <Form method="post" className="confirm-other">
        <input type="hidden" name="intent" value="clear" />
        <button type="submit" className="link-button">
          {t("otherCode")}
        </button>
      </Form>
    </div>
  );
}

/** A refused plain post's ticked boxes of a repeated field (undefined when nothing was refused). */
function typedList(answer: object | undefined, name: string): string[] | undefined {
  const values = (answer && "initialValue" in answer ? answer.initialValue : undefined) as Record<string, string | string[] | undefined> | undefined;
  if (!values) return undefined;
  const value = values[name];
  return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
}

/** What a refused plain post typed in a field (a list's item `i`), to be shown in it again. */
function typedIn(answer: object | undefined) {
  const values = (answer && "initialValue" in answer ? answer.initialValue : undefined) as Record<string, string | string[] | undefined> | undefined;
  return (name: string, i?: number): string | undefined => {
    const value = values?.[name];
    return i === undefined ? (typeof value === "string" ? value : undefined) : Array.isArray(value) ? value[i] : undefined;
  };
}

/**
 * Every message of a refused answer: the form's own ("") and its fields' (a name or a note too
 * long, refused by the schema before the answer is built), each once.
 */
function errorsOf(error: Record<string, string[] | null> | undefined): string[] | undefined {
  const all = [...new Set(Object.values(error ?? {}).flatMap((messages) => messages ?? []))];
  return all.length ? all : undefined;
}

function AdditionalGuestsDialog(props: {
  opened: boolean;
  onClose: () => void;
  primaryGuest: string;
  maxGuests: number;
  /** The answer form: its dietary note and message go with the names. */
  answerForm: React.RefObject<HTMLFormElement>;
  serverErrors?: string[];
  /** A plain post refused before the page ran: the names and notes it sent. */
  typed: (name: string, i?: number) => string | undefined;
  menu: MenuOptions | null;
  questions: readonly GuestQuestion[];
}) {
  const { t } = useTranslation(["confirm", "common"]);
  const fetcher = useFetcher<typeof action>({ key: CONFIRM_FETCHER });
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const extra = additionalSeats(props.maxGuests);
  const errors = clientError ? [clientError] : props.serverErrors;

  return (
    <LazyModal
      opened={props.opened}
      onClose={props.onClose}
      title={t("dialog.title")}
      centered
      size="md"
      closeButtonProps={{ "aria-label": t("common:close") }}
    >
      <form
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // One answer: the answer form's fields (its intent, note and message) and the names here.
          const answer = new FormData(props.answerForm.current ?? undefined);
          for (const [name, value] of new FormData(event.currentTarget)) answer.set(name, value);
          // Same rule as the server: at least one additional name, blanks dropped, notes within their length.
          const guests = Array.from({ length: extra }, (_, i) => ({
            fullName: String(answer.get(`guests[${i}]`) ?? ""),
            dietary: String(answer.get(`dietary[${i}]`) ?? ""),
          }));
          const checked = buildAnswer(props.primaryGuest, props.maxGuests, {
            guests,
            primaryDietary: String(answer.get("primaryDietary") ?? ""),
            message: String(answer.get("message") ?? ""),
          });
          if (!checked.ok) {
            setClientError(checked.error === "additionalRequired" ? "confirm:form.errorMessage" : `confirm:form.${checked.error}`);
            return;
          }
          setClientError(null);
          fetcher.submit(answer, { method: "post" });
        }}
      >
        <p className="confirm-primary">{t("dialog.primary", { name: props.primaryGuest })}</p>
        <div className="confirm-dialog-fields">
          {Array.from({ length: extra }, (_, i) => (
            <div key={i} className="confirm-guest-fields">
              <TextInput
                name={`guests[${i}]`}
                defaultValue={props.typed("guests", i)}
                data-autofocus={i === 0 ? true : undefined}
                label={t("dialog.additional", { n: i + 1 })}
                placeholder={t("dialog.placeholder")}
                maxLength={MAX_NAME_LENGTH}
                autoComplete="off"
                onInput={() => setClientError(null)}
              />
              <TextInput
                name={`dietary[${i}]`}
                defaultValue={props.typed("dietary", i)}
                label={t("answer.dietaryFor", { n: i + 1 })}
                placeholder={t("answer.dietaryPlaceholder")}
                maxLength={MAX_DIETARY_LENGTH}
                autoComplete="off"
                size="sm"
              />
              <MenuFields menu={props.menu} n={i + 1} typed={props.typed} />
              <QuestionFields questions={props.questions} person={i + 1} who={t("dialog.additional", { n: i + 1 })} typed={props.typed} />
            </div>
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
      </form>
    </LazyModal>
  );
}
