import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { WishesTab } from "./WishesTab";
import { loadWishesTab, wishesTab } from "./wishes.server";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";

/** Mensajes (/admin/wishes, linked from Galería): the guests' wishes and their approval switch. */
export const loader = screenLoader(loadWishesTab);

export const action = screenActionOf(wishesTab);

export const ErrorBoundary = AdminScreenError;

export default function WishesScreen() {
  const { t } = useTranslation("wishes");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  const { review, wishes, page, perPage, newestPending } = data;
  return (
    <>
      <ScreenNotices />
      {isLoadError(wishes) ? (
        <LoadFailed message={t("admin.loadError")} />
      ) : (
        <WishesTab
          review={review}
          pending={wishes.pending}
          pendingTotal={wishes.pendingTotal}
          published={wishes.published}
          page={page}
          perPage={perPage}
          newestPending={newestPending}
        />
      )}
    </>
  );
}
