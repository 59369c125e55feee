import { useTranslation } from "react-i18next";
import { eventIn, type SiteEvent } from "~/lib/events";

/**
 * '¿A qué eventos asistirás?' for one person named in the answer: one checkbox per event the
 * invitation is invited to, all ticked at first (or as a refused post sent them). Each box
 * posts "person:event" under `attends`; `person` 0 is the primary guest, N the Nth additional name.
 */
export function EventAttendance(props: { person: number; who: string; events: readonly SiteEvent[]; typed?: readonly string[] }) {
  const { t, i18n } = useTranslation("events");
  return (
    <fieldset className="event-attendance">
      <legend>{t("questionFor", { name: props.who })}</legend>
      {props.events.map((event) => {
        const value = `${props.person}:${event.id}`;
        return (
          <label key={event.id} className="checkbox-field">
            <input type="checkbox" name="attends" value={value} defaultChecked={props.typed ? props.typed.includes(value) : true} />
            <span>{eventIn(event, i18n.language).name}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
