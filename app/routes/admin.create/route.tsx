import { useLoaderData } from "@remix-run/react";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { CreateTab } from "./CreateTab";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { createTab, loadCreateTab } from "./create.server";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";

/** Crear (/admin/create): 'Crear Nueva Invitación', then the new code (`?created=`). */
export const loader = screenLoader(loadCreateTab);

export const action = screenActionOf(createTab);

export const ErrorBoundary = AdminScreenError;

export default function CreateScreen() {
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  const { stats, created } = data;
  return (
    <>
      <ScreenNotices ownForms={["createInvitation"]} />
      <CreateTab seatsHandedOut={isLoadError(stats) ? 0 : stats.totalGuests} created={created} />
    </>
  );
}
