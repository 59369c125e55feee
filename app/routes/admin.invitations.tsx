import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { InvitationsTab } from "~/components/admin/InvitationsTab";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { requireAdminSession } from "~/http/admin/access.server";
import { invitationsTab, loadInvitationsTab } from "~/http/admin/invitations.server";
import { screenAction } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";

/** Invitaciones (/admin/invitations): the list, its filters, 'Editar Invitación' and the deletes. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminSession(request);
  return loadInvitationsTab();
}

export async function action({ request, context }: ActionFunctionArgs) {
  return screenAction(request, context, invitationsTab);
}

export const ErrorBoundary = AdminScreenError;

export default function InvitationsScreen() {
  const { t } = useTranslation("dashboard");
  const { invitations } = useLoaderData<typeof loader>();
  return (
    <>
      <ScreenNotices ownForms={["editInvitation"]} />
      {isLoadError(invitations) ? <LoadFailed message={t("toasts.loadInvitationsError")} /> : <InvitationsTab invitations={invitations} />}
    </>
  );
}
