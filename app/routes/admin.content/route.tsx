import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { screenLoader } from "~/http/admin/tab-action.server";
import { CONTENT_NAV } from "~/lib/content-nav";

/**
 * 'Contenido' (/admin/content): the sub-sections' links and the chosen one (one child route each:
 * admin.content.couple, .story, .info, .accommodation, .quotes, .media, .gifts, .faq; the index
 * is 'Historial' with export and import). Its texts come with the /admin layout's.
 */
export const loader = screenLoader(async () => ({ ready: true }));

export const ErrorBoundary = AdminScreenError;

export default function ContentLayout() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  if (!data) return null; // locked: the layout shows the login instead
  return (
    <div className="content-editor">
      <nav className="content-nav" aria-label={t("nav.label")}>
        {CONTENT_NAV.map((item) => (
          <NavLink key={item.key} to={item.path} end className={({ isActive }) => (isActive ? "content-link active" : "content-link")} preventScrollReset>
            {t(`nav.${item.key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
