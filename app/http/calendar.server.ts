import { getFixedT, getLanguage } from "~/infra/i18n.server";
import { calendarFacts } from "~/models/content-texts.server";
import { calendarTexts, weddingEventTimes, type CommonT } from "~/lib/calendar";
import type { EventAttributes } from "ics";
import { getStoredCode } from "~/infra/session.server";
import { findInvitationByCode } from "~/models/invitations.server";
import { guestSeating } from "~/models/tables.server";
import { eventsSeenByVisitor, extraCalendarEvents } from "./guest-events.server";

/** Same every time it is downloaded, so a calendar that imports it again updates the event instead of adding another. */
function weddingUid(names: string): string {
  const slug = names
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `wedding-${slug}@wedding-site`;
}

/**
 * The wedding as an RFC 5545 calendar file (made by the `ics` library): from WEDDING_DATE to the
 * reception's end on its day, in UTC, at the venue, in the guest's language.
 */
export async function weddingCalendarFile(request: Request): Promise<{ ok: true; body: string; personal: boolean } | { ok: false; error: string }> {
  const lang = await getLanguage(request);
  const t = await getFixedT(request, "common");
  const { event, venue, weddingDate, timeZone } = await calendarFacts(lang);
  const texts = calendarTexts(t as unknown as CommonT, lang, event);
  const { start, end } = weddingEventTimes(weddingDate, event.receptionEnd, timeZone);
  const origin = new URL(request.url).origin;
  const code = await getStoredCode(request);
  const seating = await seatingLines(request, code);
  // Loaded with the first calendar file, not in every worker at start (decision 0015).
  const { createEvent, createEvents } = await import("ics");
  const wedding: EventAttributes = {
    productId: "wedding-site/ics",
    uid: weddingUid(event.names),
    start: start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: texts.title,
    description: seating ? `${texts.details}\n\n${seating}` : texts.details,
    location: texts.location,
    geo: { lat: venue.latitude, lon: venue.longitude },
    url: `${origin}/`,
    status: "CONFIRMED",
    busyStatus: "BUSY",
  };
  // One event per event the visitor is invited to (docs/decisions/0057-events.md); the wedding alone as before.
  const extra = extraCalendarEvents(await eventsSeenByVisitor(request), lang, timeZone, origin);
  const { error, value } = extra.length === 0 ? createEvent(wedding) : createEvents([wedding, ...extra]);
  if (error || !value) return { ok: false, error: String(error) };
  // A guest's own file (their events, their table) is never shared by a cache.
  return { ok: true, body: value, personal: code !== null };
}

/**
 * For a guest with a stored invitation, once 'Publicar mesas' is on: 'Tu mesa: Mesa 3' and
 * 'Con: Ana, Luis' (each person's table when the couple split them), as their /confirm page says.
 */
async function seatingLines(request: Request, code: string | null): Promise<string | null> {
  const invitation = code ? await findInvitationByCode(code) : null;
  const seating = invitation?.confirmed ? await guestSeating(invitation.id) : null;
  if (!seating) return null;
  const t = await getFixedT(request, "tables");
  return seating
    .map((seat) => {
      const table =
        seating.length === 1 ? t("guest.yourTable", { table: seat.table }) : t("guest.personTable", { people: seat.people.join(", "), table: seat.table });
      return seat.others.length ? `${table}\n${t("guest.with", { names: seat.others.join(", ") })}` : table;
    })
    .join("\n");
}
