import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SiteEvent } from "~/lib/events";

/**
 * 'Invitado a': one checkbox per event of the couple's beside the wedding (always invited, so not
 * asked). Nothing at all on a site without other events: the forms stay as they were.
 * `invited` undefined (Crear): every box ticked. `eventsShown` tells the server the boxes were
 * there, so none ticked means none.
 */
export function InvitedToFields({ invited }: { invited?: readonly number[] }) {
  const { t } = useTranslation("events");
  const admin = useRouteLoaderData("routes/admin") as { events?: SiteEvent[] } | undefined;
  const events = admin?.events ?? [];
  if (events.length === 0) return null;
  return (
    <fieldset className="invited-to">
      <legend>{t("invitedTo")}</legend>
      <input type="hidden" name="eventsShown" value="yes" />
      <label className="checkbox-field">
        <input type="checkbox" checked disabled readOnly />
        <span>{t("wedding")}</span>
      </label>
      {events.map((event, i) => (
        <label key={event.id} className="checkbox-field">
          <input type="checkbox" name={`events[${i}]`} value={event.id} defaultChecked={invited ? invited.includes(event.id) : true} />
          <span>{event.nameEs}</span>
        </label>
      ))}
    </fieldset>
  );
}
