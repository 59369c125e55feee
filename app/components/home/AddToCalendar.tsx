import { useTranslation } from "react-i18next";
import { calendarTexts, googleCalendarUrl, type CommonT } from "~/lib/calendar";
import { useRootData } from "~/root";

/**
 * 'Añadir al calendario' with two choices: the .ics file (Apple, Outlook, ...) and a Google
 * Calendar link. A native disclosure: it opens without JavaScript and costs no script.
 */
export function AddToCalendar({ weddingDate, className }: { weddingDate: string; className?: string }) {
  const { t, i18n } = useTranslation("common");
  // The couple's event as 'Contenido' has it (the root's loader); no button on a page without it.
  const root = useRootData();
  const event = root?.event;
  if (!root || !event) return null;
  const google = googleCalendarUrl(weddingDate, calendarTexts(t as unknown as CommonT, i18n.language, event), event.receptionEnd, root.timeZone);
  return (
    <details className={className ? `add-to-calendar ${className}` : "add-to-calendar"}>
      <summary className="button secondary">{t("calendar.add")}</summary>
      <ul className="add-to-calendar-choices">
        <li>
          <a href="/wedding.ics" download>
            {t("calendar.ics")}
          </a>
        </li>
        <li>
          <a href={google} target="_blank" rel="noopener noreferrer">
            {t("calendar.google")}
            <span className="visually-hidden"> ({t("calendar.newTab")})</span>
          </a>
        </li>
      </ul>
    </details>
  );
}
