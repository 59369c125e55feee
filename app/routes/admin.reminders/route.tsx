import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { RemindersList } from "./RemindersList";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { loadReminders, remindersScreen } from "~/http/admin/reminders.server";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";

/** Por responder (/admin/reminders, from Invitaciones): the pending invitations, each with its reminder. */
export const loader = screenLoader(loadReminders);

export const action = screenActionOf(remindersScreen);

export const ErrorBoundary = AdminScreenError;

export default function RemindersScreen() {
  const { t } = useTranslation("dashboard");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  const { rows, open, deadline } = data;
  return (
    <>
      <ScreenNotices />
      {isLoadError(rows) ? <LoadFailed message={t("toasts.loadInvitationsError")} /> : <RemindersList rows={rows} open={open} deadline={deadline} />}
    </>
  );
}
