import { useLoaderData } from "@remix-run/react";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { DoorTab } from "./DoorTab";
import { doorTab, loadDoorTab } from "./door.server";

/** 'Recepción' (/admin/door): the door's key, its address and the arrivals (decision 0061). */
export const loader = screenLoader(loadDoorTab);

export const action = screenActionOf(doorTab);

export const ErrorBoundary = AdminScreenError;

export default function DoorScreen() {
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  return (
    <>
      <ScreenNotices />
      <DoorTab hasKey={data.hasKey} counts={data.counts} address={data.address} qr={data.qr} />
    </>
  );
}
