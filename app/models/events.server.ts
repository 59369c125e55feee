/**
 * Several events (docs/decisions/0057-events.md): the couple's events beside the wedding, which
 * invitations are invited to each, which people attend each, and the per-event totals. The
 * wedding is event 0: not a row, its date and place are Contenido's, everyone is invited to it.
 */
import type { Transaction } from "kysely";
import { bool, db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import {
  MAX_EVENTS,
  WEDDING_EVENT_ID,
  checkEventInput,
  eventTotals,
  eventsFor,
  type EventInput,
  type EventInputError,
  type EventTotals,
  type SiteEvent,
} from "~/lib/events";
import { toVenueLocal } from "~/lib/venue-time";
import { resources } from "~/locales";
import { currentContent } from "./content-live.server";
import { datesOf } from "./content-dates.server";

type Executor = Transaction<Database> | ReturnType<typeof db>;

const eventColumns = [
  "id",
  "name_es",
  "name_en",
  "starts_at",
  "place",
  "address",
  "latitude",
  "longitude",
  "description_es",
  "description_en",
  "is_public",
] as const;

function toEvent(row: {
  id: number;
  name_es: string;
  name_en: string | null;
  starts_at: string;
  place: string | null;
  address: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  description_es: string | null;
  description_en: string | null;
  is_public: number;
}): SiteEvent {
  return {
    id: row.id,
    nameEs: row.name_es,
    nameEn: row.name_en,
    startsAt: row.starts_at,
    place: row.place,
    address: row.address,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    descriptionEs: row.description_es,
    descriptionEn: row.description_en,
    isPublic: bool(Number(row.is_public)),
  };
}

/** The couple's events beside the wedding, in their order (removed ones left out). */
export async function listExtraEvents(executor: Executor = db()): Promise<SiteEvent[]> {
  const rows = await executor.selectFrom("events").select(eventColumns).where("removed_at", "is", null).orderBy("position").orderBy("id").execute();
  return rows.map(toEvent);
}

/** The wedding as an event: its date, place and ceremony as Contenido holds them. */
export async function weddingEvent(): Promise<SiteEvent> {
  const { couple } = await currentContent();
  const dates = datesOf(couple);
  return {
    id: WEDDING_EVENT_ID,
    nameEs: resources.es.events.wedding,
    nameEn: resources.en.events.wedding,
    startsAt: toVenueLocal(dates.weddingDate, dates.timeZone),
    place: couple.venue.es || null,
    address: couple.city.es || null,
    latitude: couple.latitude ?? null,
    longitude: couple.longitude ?? null,
    descriptionEs: couple.ceremonyDescription.es || null,
    descriptionEn: couple.ceremonyDescription.en || null,
    isPublic: true,
  };
}

/** Each event's Spanish name by id, the wedding's from the texts (read in the caller's transaction). */
export async function eventNames(executor: Executor = db()): Promise<Map<number, string>> {
  const names = new Map<number, string>([[WEDDING_EVENT_ID, resources.es.events.wedding]]);
  for (const e of await listExtraEvents(executor)) names.set(e.id, e.nameEs);
  return names;
}

/** Every event, the wedding first. */
export async function listEvents(): Promise<SiteEvent[]> {
  return [await weddingEvent(), ...(await listExtraEvents())];
}

/** The events a guest sees: an invitation's (null: no invitation, the wedding and the public ones). */
export async function eventsSeenBy(invited: readonly number[] | null): Promise<SiteEvent[]> {
  return eventsFor(await listEvents(), invited);
}

export type EventError = EventInputError | "notFound";

/**
 * Adds an event at the end. Every invitation not yet answered is invited to it (new invitations
 * are invited to every event unless the couple unticks one); an answered one keeps the events
 * its answer was given for, until the couple ticks the new one in 'Editar Invitación'.
 */
export async function createEvent(input: EventInput): Promise<{ ok: true; event: SiteEvent } | { ok: false; error: EventError }> {
  const checked = checkEventInput(input);
  if (!checked.ok) return checked;
  const v = checked.value;
  return db()
    .transaction()
    .execute(async (trx) => {
      const live = await listExtraEvents(trx);
      if (live.length >= MAX_EVENTS) return { ok: false as const, error: "tooManyEvents" as const };
      const { last } = await trx
        .selectFrom("events")
        .select((eb) => eb.fn.coalesce(eb.fn.max<number>("position"), eb.lit(0)).as("last"))
        .executeTakeFirstOrThrow();
      const { id } = await trx
        .insertInto("events")
        .values({ ...columnsOf(v), position: Number(last) + 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const pending = await trx.selectFrom("invitations").select("id").where("confirmed", "=", 0).where("status", "<>", "declined").execute();
      if (pending.length > 0)
        await trx
          .insertInto("invitation_events")
          .values(pending.map((p) => ({ invitation_id: p.id, event_id: id })))
          .execute();
      return { ok: true as const, event: { id, ...v } };
    });
}

function columnsOf(v: Omit<SiteEvent, "id">) {
  return {
    name_es: v.nameEs,
    name_en: v.nameEn,
    starts_at: v.startsAt,
    place: v.place,
    address: v.address,
    latitude: v.latitude,
    longitude: v.longitude,
    description_es: v.descriptionEs,
    description_en: v.descriptionEn,
    is_public: v.isPublic ? (1 as const) : (0 as const),
  };
}

export async function updateEvent(id: number, input: EventInput): Promise<{ ok: true; event: SiteEvent } | { ok: false; error: EventError }> {
  const checked = checkEventInput(input);
  if (!checked.ok) return checked;
  const result = await db().updateTable("events").set(columnsOf(checked.value)).where("id", "=", id).where("removed_at", "is", null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return { ok: false, error: "notFound" };
  return { ok: true, event: { id, ...checked.value } };
}

/** Moves an event one place up or down among the live ones (the wedding stays first). */
export async function moveEvent(id: number, direction: "up" | "down"): Promise<{ ok: true } | { ok: false; error: "notFound" }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const ids = (await listExtraEvents(trx)).map((e) => e.id);
      const at = ids.indexOf(id);
      if (at < 0) return { ok: false as const, error: "notFound" as const };
      const to = direction === "up" ? at - 1 : at + 1;
      if (to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to], ids[at]];
      for (const [i, eventId] of ids.entries())
        await trx
          .updateTable("events")
          .set({ position: i + 1 })
          .where("id", "=", eventId)
          .execute();
      return { ok: true as const };
    });
}

/** How many people said they attend an event: removing one with answers asks first. */
export async function attendeesOf(id: number): Promise<number> {
  const { count } = await db()
    .selectFrom("guest_events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("event_id", "=", id)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Removes an event: its invitations and answers are kept, out of every list and total. */
export async function removeEvent(id: number, now = new Date()): Promise<boolean> {
  const result = await db()
    .updateTable("events")
    .set({ removed_at: now.toISOString() })
    .where("id", "=", id)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Each invitation's events (live ones, the wedding first, in the couple's order). */
export async function invitedEvents(invitationIds: readonly number[], executor: Executor = db()): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(invitationIds.map((id) => [id, [WEDDING_EVENT_ID]]));
  if (invitationIds.length === 0) return map;
  const rows = await executor
    .selectFrom("invitation_events")
    .innerJoin("events", "events.id", "invitation_events.event_id")
    .select(["invitation_events.invitation_id", "invitation_events.event_id"])
    .where("invitation_events.invitation_id", "in", invitationIds)
    .where("events.removed_at", "is", null)
    .orderBy("events.position")
    .orderBy("events.id")
    .execute();
  for (const r of rows) map.get(r.invitation_id)?.push(r.event_id);
  return map;
}

/**
 * Sets the events an invitation is invited to (the wedding always; unknown or removed ids
 * refused). Undefined changes nothing. The people's answers for an event no longer invited to are
 * dropped with it.
 */
export async function setInvitedEvents(
  trx: Transaction<Database>,
  invitationId: number,
  eventIds: readonly number[] | undefined,
): Promise<{ ok: true } | { ok: false; error: "unknownEvent" }> {
  if (eventIds === undefined) return { ok: true };
  const live = (await listExtraEvents(trx)).map((e) => e.id);
  const wanted = [...new Set(eventIds.filter((id) => id !== WEDDING_EVENT_ID))];
  if (wanted.some((id) => !live.includes(id))) return { ok: false, error: "unknownEvent" };
  await trx.deleteFrom("invitation_events").where("invitation_id", "=", invitationId).execute();
  if (wanted.length > 0)
    await trx
      .insertInto("invitation_events")
      .values(wanted.map((event_id) => ({ invitation_id: invitationId, event_id })))
      .execute();
  const notInvited = live.filter((id) => !wanted.includes(id));
  if (notInvited.length > 0) {
    const guests = trx.selectFrom("guests").select("id").where("invitation_id", "=", invitationId);
    await trx.deleteFrom("guest_events").where("guest_id", "in", guests).where("event_id", "in", notInvited).execute();
  }
  return { ok: true };
}

/** Each person's events (the wedding when they attend it; removed events left out). */
export async function attendanceOf(guestIds: readonly number[], executor: Executor = db()): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (guestIds.length === 0) return map;
  const guests = await executor.selectFrom("guests").select(["id", "attends_wedding"]).where("id", "in", guestIds).execute();
  for (const g of guests) map.set(g.id, bool(Number(g.attends_wedding)) ? [WEDDING_EVENT_ID] : []);
  const rows = await executor
    .selectFrom("guest_events")
    .innerJoin("events", "events.id", "guest_events.event_id")
    .select(["guest_events.guest_id", "guest_events.event_id"])
    .where("guest_events.guest_id", "in", guestIds)
    .where("events.removed_at", "is", null)
    .orderBy("events.position")
    .orderBy("events.id")
    .execute();
  for (const r of rows) map.get(r.guest_id)?.push(r.event_id);
  return map;
}

/** Stores each stored person's events (the answer's transaction): `attends(name)` undefined keeps "every event invited to". */
export async function recordAttendance(
  trx: Transaction<Database>,
  invitationId: number,
  invited: readonly number[],
  attends: (fullName: string) => readonly number[] | undefined,
): Promise<void> {
  const guests = await trx.selectFrom("guests").select(["id", "full_name"]).where("invitation_id", "=", invitationId).execute();
  for (const g of guests) {
    const events = attends(g.full_name) ?? invited;
    await trx
      .updateTable("guests")
      .set({ attends_wedding: events.includes(WEDDING_EVENT_ID) ? 1 : 0 })
      .where("id", "=", g.id)
      .execute();
    await trx.deleteFrom("guest_events").where("guest_id", "=", g.id).execute();
    const extra = events.filter((id) => id !== WEDDING_EVENT_ID && invited.includes(id));
    if (extra.length > 0)
      await trx
        .insertInto("guest_events")
        .values(extra.map((event_id) => ({ guest_id: g.id, event_id })))
        .execute();
  }
}

/** Per event (the wedding first): people attending, people not, seats pending (app/lib/events.ts eventTotals). */
export async function eventStats(): Promise<{ event: SiteEvent; totals: EventTotals }[]> {
  const events = await listEvents();
  const invitations = await db().selectFrom("invitations").select(["id", "confirmed", "status", "max_guests"]).execute();
  const ids = invitations.map((i) => i.id);
  const invited = await invitedEvents(ids);
  const guests = await db().selectFrom("guests").select(["id", "invitation_id"]).execute();
  const attendance = await attendanceOf(guests.map((g) => g.id));
  const people = new Map<number, { attends: number[] }[]>();
  for (const g of guests) {
    const list = people.get(g.invitation_id) ?? [];
    list.push({ attends: attendance.get(g.id) ?? [] });
    people.set(g.invitation_id, list);
  }
  const totals = eventTotals(
    events.map((e) => e.id),
    invitations.map((i) => ({
      status: bool(Number(i.confirmed)) ? "confirmed" : i.status,
      maxGuests: i.max_guests,
      events: invited.get(i.id) ?? [WEDDING_EVENT_ID],
      people: people.get(i.id) ?? [],
    })),
  );
  return events.map((event, i) => ({ event, totals: totals[i] }));
}
