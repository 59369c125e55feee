import type { ActionFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ContentMediaSlot } from "~/components/admin/ContentMediaSlot";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { contentMediaAction, loadContentMedia } from "~/http/admin/content-media.server";
import { screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";
import { MEDIA_SLOTS } from "~/lib/content-media";

/** Contenido → Multimedia (/admin/content/media): the portrait, the hero's video and the music, each replaced or removed. */
export const loader = screenLoader(loadContentMedia);

export const action = ({ request, context }: ActionFunctionArgs) => contentMediaAction(request, context);

export const ErrorBoundary = AdminScreenError;

export default function ContentMediaScreen() {
  const { t } = useTranslation("contentMedia");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  const { states, media } = data;
  return (
    <section className="admin-content-media" aria-labelledby="content-media-title">
      <h2 id="content-media-title" className="admin-section-title">
        {t("title")}
      </h2>
      <p className="admin-muted">{t("intro")}</p>
      <ScreenNotices />
      {isLoadError(states) || isLoadError(media) ? (
        <LoadFailed message={t("loadFailed")} />
      ) : (
        MEDIA_SLOTS.map((slot) => <ContentMediaSlot key={slot} slot={slot} state={states[slot]} address={media[slot]} />)
      )}
    </section>
  );
}
