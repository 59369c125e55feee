import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ReviewTab } from "./ReviewTab";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { loadReviewTab, reviewTab } from "~/http/admin/review.server";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";

/** Por revisar (/admin/review): guests' photos waiting for approval, from sections with 'Revisar antes de publicar'. */
export const loader = screenLoader(loadReviewTab);

export const action = screenActionOf(reviewTab);

export const ErrorBoundary = AdminScreenError;

export default function ReviewScreen() {
  const { t } = useTranslation("review");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  const { pending, ceilings } = data;
  return (
    <>
      <ScreenNotices />
      {isLoadError(pending) ? <LoadFailed message={t("loadError")} /> : <ReviewTab sections={pending} ceilings={ceilings} />}
    </>
  );
}
