import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { InvitationsTab } from "./InvitationsTab";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { DemoDataNotice } from "~/components/admin/DemoDataNotice";
import { invitationsTab, loadInvitationsTab } from "./invitations.server";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";

/** Invitaciones (/admin/invitations): the list, its filters, 'Editar Invitación' and the deletes. */
export const loader = screenLoader(loadInvitationsTab);

export const action = screenActionOf(invitationsTab);

export const ErrorBoundary = AdminScreenError;

export default function InvitationsScreen() {
  const { t } = useTranslation("dashboard");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  const { invitations, pendingCount, emails } = data;
  return (
    <>
      <ScreenNotices ownForms={["editInvitation"]} />
      <DemoDataNotice />
      {isLoadError(invitations) ? (
        <LoadFailed message={t("toasts.loadInvitationsError")} />
      ) : (
        <InvitationsTab
          invitations={invitations}
          pendingCount={pendingCount}
          emails={isLoadError(emails) ? undefined : emails}
          dishes={"dishes" in data ? data.dishes : undefined}
          questions={"questions" in data ? data.questions : undefined}
        />
      )}
    </>
  );
}
