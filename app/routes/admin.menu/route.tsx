import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { isLoadError } from "~/lib/admin-schemas";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { MenuTab } from "./MenuTab";
import { loadMenuTab, menuTab } from "./menu.server";

/** 'Menú' (/admin/menu): the couple's dishes and the switches that ask guests for them and about children. */
export const loader = screenLoader(loadMenuTab);

export const action = screenActionOf(menuTab);

export const ErrorBoundary = AdminScreenError;

export default function MenuScreen() {
  const { t } = useTranslation("menu");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  return (
    <>
      <ScreenNotices />
      {isLoadError(data.dishes) ? <LoadFailed message={t("failed")} /> : <MenuTab settings={data.settings} dishes={data.dishes} />}
    </>
  );
}
