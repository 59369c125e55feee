import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MenuStatsCard } from "~/components/menu/MenuAdminBits";
import { StatsTab } from "./StatsTab";
import { QuestionStatsCard } from "~/components/questions/QuestionStatsCard";
import { EventStatsTable } from "~/components/events/EventStatsTable";
import { loadStatsTab, statsTab } from "./stats.server";
import { DemoDataNotice } from "~/components/admin/DemoDataNotice";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { redirectOldTabLink } from "~/http/admin-page.server";

/** Estadísticas, the panel's default screen (/admin). Its one form: 'Quitar los datos de ejemplo'. */
const loadStats = screenLoader(loadStatsTab);

export async function loader(args: LoaderFunctionArgs) {
  redirectOldTabLink(args.request);
  return loadStats(args);
}

export const action = screenActionOf(statsTab);

export default function StatsScreen() {
  const data = useLoaderData<typeof loader>();
  // Locked: the layout shows the login instead.
  return data ? (
    <>
      <ScreenNotices />
      <DemoDataNotice />
      <StatsTab stats={data.stats} dietary={data.dietary} arrivals={"arrivals" in data ? data.arrivals : undefined} />
      {"menu" in data && data.menu ? <MenuStatsCard counts={data.menu} /> : null}
      <EventStatsTable byEvent={data.byEvent ?? []} />
      {"questions" in data && data.questions ? <QuestionStatsCard counts={data.questions} /> : null}
    </>
  ) : null;
}
