import "~/styles/tables.css";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { isLoadError } from "~/lib/admin-schemas";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { TablesTab } from "./TablesTab";
import { loadTablesTab, tablesTab } from "./tables.server";

/** 'Mesas' (/admin/tables): the seating plan (decision 0059). */
export const loader = screenLoader(loadTablesTab);

export const action = screenActionOf(tablesTab);

export const ErrorBoundary = AdminScreenError;

export default function TablesScreen() {
  const { t } = useTranslation("tables");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  return (
    <>
      <ScreenNotices ownForms={["seatGuests", "addTable", "saveTable", "publishTables"]} />
      {isLoadError(data.plan) ? <LoadFailed message={t("failed")} /> : <TablesTab plan={data.plan} />}
    </>
  );
}
