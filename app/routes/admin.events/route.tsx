import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";
import { EventsScreen } from "./EventsScreen";
import { eventsScreen, loadEventsScreen } from "./events.server";

/** Eventos (/admin/events): the wedding, then the couple's other events: added, edited, reordered, removed. */
export const loader = screenLoader(loadEventsScreen);

export const action = screenActionOf(eventsScreen);

export const ErrorBoundary = AdminScreenError;

export default function EventsRoute() {
  const { t } = useTranslation("events");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  return (
    <>
      <ScreenNotices ownForms={["createEvent", "editEvent"]} />
      {isLoadError(data.events) ? <LoadFailed message={t("errors.failed")} /> : <EventsScreen events={data.events} />}
    </>
  );
}
