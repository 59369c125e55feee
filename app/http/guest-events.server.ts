import { getStoredCode } from "~/infra/session.server";
import { WEDDING_EVENT_ID, eventIn, type SiteEvent } from "~/lib/events";
import { fromVenueLocal } from "~/lib/venue-time";
import { findInvitationByCode } from "~/models/invitations.server";
import { eventsSeenBy } from "~/models/events.server";

/**
 * The events a visitor sees (docs/decisions/0057-events.md): a stored invitation's, or without
 * one the wedding and the events marked 'Visible para todos'. The wedding first.
 */
export async function eventsSeenByVisitor(request: Request): Promise<SiteEvent[]> {
  const code = await getStoredCode(request);
  const invitation = code ? await findInvitationByCode(code) : null;
  return eventsSeenBy(invitation ? invitation.events : null);
}

/** A calendar has no end for an event of the couple's (only a start): it is given this long. */
const EXTRA_EVENT_HOURS = 2;

/** The calendar entries of the couple's events a visitor sees, beside the wedding's (the `ics` library's attributes). */
export function extraCalendarEvents(events: readonly SiteEvent[], lang: string, timeZone: string, origin: string) {
  return events
    .filter((e) => e.id !== WEDDING_EVENT_ID)
    .map((e) => {
      const { name, description } = eventIn(e, lang);
      const location = [e.place, e.address].filter(Boolean).join(", ");
      return {
        productId: "wedding-site/ics",
        uid: `event-${e.id}@wedding-site`,
        start: Date.parse(fromVenueLocal(e.startsAt, timeZone)),
        startInputType: "utc" as const,
        startOutputType: "utc" as const,
        duration: { hours: EXTRA_EVENT_HOURS },
        title: name,
        ...(description ? { description } : {}),
        ...(location ? { location } : {}),
        ...(e.latitude !== null && e.longitude !== null ? { geo: { lat: e.latitude, lon: e.longitude } } : {}),
        url: `${origin}/`,
        status: "CONFIRMED" as const,
        busyStatus: "BUSY" as const,
      };
    });
}
