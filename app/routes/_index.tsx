import type homeEs from "~/locales/es/home.json";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Hero } from "~/components/home/Hero";
import { Accommodation } from "~/components/home/Accommodation";
import { InfoCards } from "~/components/home/InfoCards";
import { Location } from "~/components/home/Location";
import { EventsList } from "~/components/events/EventsList";
import { eventsSeenByVisitor } from "~/http/guest-events.server";
import { Faq } from "~/components/home/Faq";
import { Programme } from "~/components/home/Programme";
import { GiftsSection } from "~/components/home/GiftOptions";
import { Quotes } from "~/components/home/Quotes";
import { RsvpSection } from "~/components/home/RsvpSection";
import { Story } from "~/components/home/Story";
import { routeCss } from "~/components/layout/InlineCss";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/constants";
import { formatLongDate } from "~/lib/dates";
import { fillMarks } from "~/lib/format";
import { isRsvpOpen } from "~/lib/rsvp";
import { seasonAt } from "~/lib/seasons";
import { config } from "~/infra/config.server";
import { isAdminSession } from "~/infra/session.server";
import { homeFacts } from "~/models/content-texts.server";
import { weddingDates } from "~/models/content-dates.server";
import { getLanguage, pageTexts } from "~/infra/i18n.server";
import { homeExtras } from "~/models/content-extras.server";
import { programmeNow } from "~/models/table-cards.server";
import { coupleNamesIn, useRootData, type RootData } from "~/root";

/** The home page's CSS is inlined by the root (see InlineStyles): no stylesheet blocks its first paint. */
const homeCss = routeCss({ home: () => import("~/styles/home.css?inline") });
export const handle = { inlineCss: homeCss.names };

/** Title and description in the page's language, with the couple's names, the date and the place ('Contenido'). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const lang: Language = root?.lang === "en" ? "en" : DEFAULT_LANGUAGE;
  const home = data?.i18n[lang]?.home as typeof homeEs | undefined;
  const texts = home?.meta;
  const names = data?.facts.names ?? coupleNamesIn(matches);
  if (!texts) return [{ title: names }];
  const date = root ? formatLongDate(root.weddingDate, lang, root.timeZone) : "";
  return [
    { title: fillMarks(texts.title, { names, date }) },
    { name: "description", content: fillMarks(texts.description, { place: data?.facts.place.city ?? "" }) },
  ];
};

/**
 * The server's clock, so the countdown is right in the HTML before any JavaScript runs, and
 * the season (invitations, RSVP closed, wedding day, after) is the server's, not the phone's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const now = new Date();
  const lang = await getLanguage(request);
  const [{ weddingDate, rsvpDeadline, timeZone }, facts, extras, programme] = await Promise.all([
    weddingDates(),
    homeFacts(lang),
    homeExtras(lang),
    // 'Programa del día': only from the day before the wedding to the day after (venue time).
    programmeNow(lang, now),
  ]);
  const season = seasonAt(now, { weddingDate, rsvpDeadline, timeZone, afterWeddingDays: config().SITE_AFTER_WEDDING_DAYS });
  // The events the visitor sees (docs/decisions/0057-events.md): listed only beside others than the wedding.
  const events = await eventsSeenByVisitor(request);
  // 'Descargar recuerdo' after the wedding, for the signed-in admin only (the admin's cookie keeps
  // this page out of the page cache: server/page-cache.mjs).
  const keepsake = season === "after" && (await isAdminSession(request));
  return {
    now: now.toISOString(),
    season,
    rsvpOpen: isRsvpOpen(rsvpDeadline, now),
    keepsake,
    facts,
    extras,
    events,
    programme,
    i18n: await pageTexts(request, "home", "contentExtras", "events"),
  };
}

/** Reached by a client navigation: the home page's CSS when the first page did not carry it (no unstyled flash). */
export const clientLoader = homeCss.clientLoader;

export default function Home() {
  const { now, season, rsvpOpen, keepsake, facts, extras, events, programme } = useLoaderData<typeof loader>();
  const root = useRootData()!;
  const confirmed = root.invitation?.confirmed ?? false;
  return (
    <div className="home">
      <Hero
        names={facts.names}
        place={facts.place.city}
        video={root.media.heroVideo}
        weddingDate={root.weddingDate}
        rsvpDeadline={root.rsvpDeadline}
        now={now}
        confirmed={confirmed}
        season={season}
        rsvpOpen={rsvpOpen}
        keepsake={keepsake}
      />
      <Programme lines={programme} />
      <Quotes quotes={facts.quotes} names={facts.names} portrait={root.media.portrait} />
      <Story moments={facts.moments} />
      <InfoCards infoCards={facts.infoCards} names={facts.names} />
      <Location venue={facts.venue} schedule={facts.schedule} place={facts.place} names={facts.names} />
      <EventsList events={events} />
      <Accommodation accommodation={facts.accommodation} />
      <GiftsSection options={extras.gifts} />
      <Faq questions={extras.questions} />
      {/* After the wedding the RSVP steps aside; the story and the information stay. */}
      {season === "after" ? null : (
        <RsvpSection deadline={root.rsvpDeadline} confirmed={confirmed} declined={root.invitation?.status === "declined"} open={rsvpOpen} />
      )}
    </div>
  );
}
