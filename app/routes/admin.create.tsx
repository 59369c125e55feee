import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { CreateTab } from "~/components/admin/CreateTab";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { requireAdminSession } from "~/http/admin/access.server";
import { createTab, loadCreateTab } from "~/http/admin/create.server";
import { screenAction } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";

/** Crear (/admin/create): 'Crear Nueva Invitación', then the new code (`?created=`). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminSession(request);
  return loadCreateTab();
}

export async function action({ request, context }: ActionFunctionArgs) {
  return screenAction(request, context, createTab);
}

export const ErrorBoundary = AdminScreenError;

export default function CreateScreen() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <>
      <ScreenNotices ownForms={["createInvitation"]} />
      <CreateTab seatsHandedOut={isLoadError(stats) ? 0 : stats.totalGuests} />
    </>
  );
}
