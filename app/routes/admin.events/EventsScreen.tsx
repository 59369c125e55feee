import { Button, Textarea, TextInput } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminForm } from "~/components/admin/AdminForm";
import { MoveButtons, RemoveRowButton } from "~/components/admin/RowActions";
import { useAdminAction } from "~/components/admin/useAdminFetcher";
import { FormErrors } from "~/components/confirm/FormErrors";
import {
  MAX_EVENTS,
  MAX_EVENT_ADDRESS_LENGTH,
  MAX_EVENT_DESCRIPTION_LENGTH,
  MAX_EVENT_NAME_LENGTH,
  MAX_EVENT_PLACE_LENGTH,
  type SiteEvent,
} from "~/lib/events";

interface Listed {
  event: SiteEvent;
  attendees: number;
}

/** 'Eventos': the wedding (edited in Contenido), each other event's form, and 'Agregar evento'. */
export function EventsScreen({ events }: { events: Listed[] }) {
  const { t } = useTranslation("events");
  const [wedding, ...others] = events;
  return (
    <section className="card admin-card" aria-labelledby="events-title">
      <h2 id="events-title" className="admin-section-title">
        {t("title")}
      </h2>
      <p className="admin-muted">{t("intro")}</p>
      <article className="admin-event" aria-label={wedding.event.nameEs}>
        <h3>{wedding.event.nameEs}</h3>
        <p>
          {wedding.event.startsAt.replace("T", " ")}
          {wedding.event.place ? ` · ${wedding.event.place}` : ""}
        </p>
        <Link to="/admin/content">{t("weddingEdit")}</Link>
      </article>
      {others.length === 0 ? <p className="admin-muted">{t("empty")}</p> : null}
      <ol className="admin-event-list">
        {others.map((listed, i) => (
          <li key={listed.event.id}>
            <EventCard listed={listed} first={i === 0} last={i === others.length - 1} />
          </li>
        ))}
      </ol>
      {others.length < MAX_EVENTS ? <NewEvent /> : null}
    </section>
  );
}

function EventCard({ listed, first, last }: { listed: Listed; first: boolean; last: boolean }) {
  const { t } = useTranslation("events");
  const { event, attendees } = listed;
  const edit = useAdminAction("editEvent", `edit-event-${event.id}`);
  const move = useAdminAction("moveEvent", `move-event-${event.id}`);
  // A plain post's refusal names its event: only that form shows it again.
  const mine = edit.result && !edit.result.ok && edit.result.initialValue?.id === String(event.id);
  const typed = mine && edit.result && !edit.result.ok ? edit.result.initialValue : undefined;
  return (
    <article className="admin-event" aria-label={event.nameEs}>
      <h3>{event.nameEs}</h3>
      <p className="admin-muted">
        {t("attendees", { count: attendees })}
        {event.isPublic ? ` · ${t("publicBadge")}` : ""}
      </p>
      <AdminForm action={edit} className="admin-form">
        <input type="hidden" name="id" value={event.id} />
        <EventFields event={event} typed={typed} idPrefix={`event-${event.id}`} />
        <FormErrors id={`event-${event.id}-errors`} errors={mine ? edit.errors : undefined} />
        <Button type="submit" disabled={edit.busy}>
          {t("save")}
        </Button>
      </AdminForm>
      <div className="admin-row-actions">
        <MoveButtons action={move} id={event.id} name={event.nameEs} first={first} last={last} up={t("up")} down={t("down")} />
        <RemoveRowButton
          intent="removeEvent"
          id={event.id}
          name={event.nameEs}
          hasAnswers={attendees > 0}
          prompt={t("confirmRemove", { name: event.nameEs })}
          text={t("remove")}
        />
      </div>
    </article>
  );
}

function NewEvent() {
  const { t } = useTranslation("events");
  const create = useAdminAction("createEvent", "create-event");
  const typed = create.result && !create.result.ok ? create.result.initialValue : undefined;
  return (
    <section aria-labelledby="new-event-title">
      <h3 id="new-event-title">{t("add")}</h3>
      {/* Keyed by what was typed: a success (a redirect) empties it, a refusal keeps it. */}
      <AdminForm action={create} className="admin-form" key={typed ? "typed" : "empty"}>
        <EventFields typed={typed} idPrefix="new-event" />
        <FormErrors id="new-event-errors" errors={create.errors} />
        <Button type="submit" disabled={create.busy}>
          {t("add")}
        </Button>
      </AdminForm>
    </section>
  );
}

function EventFields({ event, typed, idPrefix }: { event?: SiteEvent; typed?: Record<string, string>; idPrefix: string }) {
  const { t } = useTranslation("events");
  const value = (name: keyof SiteEvent & string, saved: string | number | null | undefined) => typed?.[name] ?? (saved == null ? "" : String(saved));
  const isPublic = typed ? typed.isPublic === "on" : !!event?.isPublic;
  return (
    <>
      <TextInput
        id={`${idPrefix}-nameEs`}
        name="nameEs"
        label={t("fields.nameEs")}
        defaultValue={value("nameEs", event?.nameEs)}
        maxLength={MAX_EVENT_NAME_LENGTH}
      />
      <TextInput
        id={`${idPrefix}-nameEn`}
        name="nameEn"
        label={t("fields.nameEn")}
        defaultValue={value("nameEn", event?.nameEn)}
        maxLength={MAX_EVENT_NAME_LENGTH}
      />
      <TextInput
        id={`${idPrefix}-startsAt`}
        name="startsAt"
        type="datetime-local"
        label={t("fields.startsAt")}
        defaultValue={value("startsAt", event?.startsAt)}
      />
      <TextInput
        id={`${idPrefix}-place`}
        name="place"
        label={t("fields.place")}
        defaultValue={value("place", event?.place)}
        maxLength={MAX_EVENT_PLACE_LENGTH}
      />
      <TextInput
        id={`${idPrefix}-address`}
        name="address"
        label={t("fields.address")}
        defaultValue={value("address", event?.address)}
        maxLength={MAX_EVENT_ADDRESS_LENGTH}
      />
      <TextInput
        id={`${idPrefix}-latitude`}
        name="latitude"
        label={t("fields.latitude")}
        defaultValue={value("latitude", event?.latitude)}
        inputMode="decimal"
      />
      <TextInput
        id={`${idPrefix}-longitude`}
        name="longitude"
        label={t("fields.longitude")}
        defaultValue={value("longitude", event?.longitude)}
        inputMode="decimal"
      />
      <Textarea
        id={`${idPrefix}-descriptionEs`}
        name="descriptionEs"
        label={t("fields.descriptionEs")}
        defaultValue={value("descriptionEs", event?.descriptionEs)}
        maxLength={MAX_EVENT_DESCRIPTION_LENGTH}
        autosize
        minRows={2}
      />
      <Textarea
        id={`${idPrefix}-descriptionEn`}
        name="descriptionEn"
        label={t("fields.descriptionEn")}
        defaultValue={value("descriptionEn", event?.descriptionEn)}
        maxLength={MAX_EVENT_DESCRIPTION_LENGTH}
        autosize
        minRows={2}
      />
      <label className="checkbox-field">
        <input type="checkbox" id={`${idPrefix}-isPublic`} name="isPublic" defaultChecked={isPublic} />
        <span>{t("fields.isPublic")}</span>
      </label>
    </>
  );
}
