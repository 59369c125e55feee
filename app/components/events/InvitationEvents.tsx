import { Form, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { WEDDING_EVENT_ID, type SiteEvent } from "~/lib/events";

/** The couple's events beside the wedding, as the /admin layout loads them (none: nothing here shows). */
export function useAdminEvents(): SiteEvent[] {
  const admin = useRouteLoaderData("routes/admin") as { events?: SiteEvent[] } | undefined;
  return admin?.events ?? [];
}

/** An event's name for the admin: the wedding's from the texts, the others' Spanish name. */
function useEventName() {
  const { t } = useTranslation("events");
  const events = useAdminEvents();
  return (id: number) => (id === WEDDING_EVENT_ID ? t("wedding") : (events.find((e) => e.id === id)?.nameEs ?? String(id)));
}

/** 'Invitaciones': the events an invitation is invited to, once the site has more than the wedding. */
export function InvitationEventsLine({ events }: { events?: readonly number[] }) {
  const { t } = useTranslation("events");
  const name = useEventName();
  if (useAdminEvents().length === 0 || !events) return null;
  return <p className="invitation-events">{`${t("listTitle")}: ${events.map(name).join(", ")}`}</p>;
}

/** A person's events in the list (none: 'no asistirá a ninguno' reads as an empty list). */
export function GuestEventsNote({ attends }: { attends?: readonly number[] }) {
  const name = useEventName();
  if (useAdminEvents().length === 0 || !attends) return null;
  return <span className="guest-events">{` (${attends.map(name).join(", ") || "—"})`}</span>;
}

/** The event chosen in 'Por evento' (?event=ID), or null. */
export function useEventFilter(): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get("event"));
  return params.get("event") !== null && Number.isInteger(value) && value >= 0 ? value : null;
}

/** 'Por evento': a GET form (works without JavaScript) keeping the search and status filters. */
export function EventFilter() {
  const { t } = useTranslation("events");
  const [params] = useSearchParams();
  const events = useAdminEvents();
  const chosen = useEventFilter();
  if (events.length === 0) return null;
  return (
    <Form method="get" className="invitation-search" preventScrollReset>
      {params.get("q") ? <input type="hidden" name="q" value={params.get("q") ?? ""} /> : null}
      {params.get("status") ? <input type="hidden" name="status" value={params.get("status") ?? ""} /> : null}
      {params.get("dish") ? <input type="hidden" name="dish" value={params.get("dish") ?? ""} /> : null}
      <label className="plain-field">
        <span>{t("filter")}</span>
        <select name="event" defaultValue={chosen === null ? "" : String(chosen)} className="plain-select">
          <option value="">{t("filterAll")}</option>
          <option value={WEDDING_EVENT_ID}>{t("wedding")}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.nameEs}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button secondary">
        {t("filterButton")}
      </button>
    </Form>
  );
}
