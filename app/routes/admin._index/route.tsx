import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MenuStatsCard } from "~/components/menu/MenuAdminBits";
import { StatsTab } from "./StatsTab";
import { loadStatsTab } from "./stats.server";
import { screenLoader } from "~/http/admin/tab-action.server";
import { redirectOldTabLink } from "~/http/admin-page.server";

/** Estadísticas, the panel's default screen (/admin). It has no forms, so no action. */
const loadStats = screenLoader(loadStatsTab);

export async function loader(args: LoaderFunctionArgs) {
  redirectOldTabLink(args.request);
  return loadStats(args);
}

export default function StatsScreen() {
  const data = useLoaderData<typeof loader>();
  // Locked: the layout shows the login instead.
  return data ? (
    <>
      <StatsTab stats={data.stats} dietary={data.dietary} />
      {"menu" in data && data.menu ? <MenuStatsCard counts={data.menu} /> : null}
    </>
  ) : null;
}
