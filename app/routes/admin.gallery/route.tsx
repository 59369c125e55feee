import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { GalleryTab } from "./GalleryTab";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { DemoDataNotice } from "~/components/admin/DemoDataNotice";
import { galleryTab, loadGalleryTab } from "./gallery.server";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";

/** Galería (/admin/gallery): sections (create, edit with `?edit=id`, toggles, delete) and their photos. */
export const loader = screenLoader(loadGalleryTab);

export const action = screenActionOf(galleryTab);

export const ErrorBoundary = AdminScreenError;

export default function GalleryScreen() {
  const { t } = useTranslation(["dashboard", "wishes"]);
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  if (!data) return null; // locked: the layout shows the login instead
  const { sections } = data;
  return (
    <>
      <ScreenNotices ownForms={["createSection", "editSection"]} />
      <DemoDataNotice />
      <p className="section-actions">
        <Link to="/admin/wishes" className="button secondary small">
          {t("wishes:admin.title")}
        </Link>
        <a href="/slideshow" className="button secondary small" target="_blank" rel="noopener">
          {t("wishes:admin.openSlideshow")}
        </a>
      </p>
      {isLoadError(sections) ? (
        <LoadFailed message={t("toasts.loadSectionsError")} />
      ) : (
        <GalleryTab sections={sections} editId={Number(params.get("edit")) || null} />
      )}
    </>
  );
}
