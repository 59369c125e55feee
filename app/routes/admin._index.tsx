import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { StatsTab } from "~/components/admin/StatsTab";
import { requireAdminSession } from "~/http/admin/access.server";
import { loadStatsTab } from "~/http/admin/stats.server";
import { redirectOldTabLink } from "~/http/admin-page.server";

/** Estadísticas, the panel's default screen (/admin). It has no forms, so no action. */
export async function loader({ request }: LoaderFunctionArgs) {
  redirectOldTabLink(request);
  await requireAdminSession(request);
  return loadStatsTab();
}

export const ErrorBoundary = AdminScreenError;

export default function StatsScreen() {
  const { stats, dietary } = useLoaderData<typeof loader>();
  return <StatsTab stats={stats} dietary={dietary} />;
}
