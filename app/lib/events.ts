import { nameKey, normalizeName } from "./names";

/**
 * Several events (docs/decisions/0057-events.md): the pure rules, shared by the server and the
 * browser. The wedding is event 0 (its date and place are Contenido's); every invitation is
 * invited to it. Other events have positive ids.
 */
export const WEDDING_EVENT_ID = 0;

/** At most this many events beside the wedding: a form lists each per person. */
export const MAX_EVENTS = 8;
export const MAX_EVENT_NAME_LENGTH = 80;
export const MAX_EVENT_PLACE_LENGTH = 120;
export const MAX_EVENT_ADDRESS_LENGTH = 200;
export const MAX_EVENT_DESCRIPTION_LENGTH = 1000;

/** An event as every page reads it. */
export interface SiteEvent {
  id: number;
  nameEs: string;
  /** Null: English pages show the Spanish name. */
  nameEn: string | null;
  /** The wall clock at the venue ("2026-01-16T19:00"). */
  startsAt: string;
  place: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  descriptionEs: string | null;
  descriptionEn: string | null;
  isPublic: boolean;
}

export interface EventInput {
  nameEs: string;
  nameEn?: string | null;
  startsAt: string;
  place?: string | null;
  address?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
  descriptionEs?: string | null;
  descriptionEn?: string | null;
  isPublic?: boolean;
}

export type EventInputError =
  "nameRequired" | "nameTooLong" | "dateInvalid" | "placeTooLong" | "addressTooLong" | "descriptionTooLong" | "positionInvalid" | "tooManyEvents";

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A datetime-local value ("2026-01-16T19:00", seconds dropped) that names a real day and time, or null. */
export function wallClock(text: string): string | null {
  const m = WALL_CLOCK.exec(text.trim().slice(0, 16));
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return text.trim().slice(0, 16);
}

const optionalText = (text: string | null | undefined) => {
  const cleaned = (text ?? "").replace(/\r\n?/g, "\n").trim();
  return cleaned ? cleaned : null;
};

function coordinate(value: number | string | null | undefined, limit: number): number | null | "invalid" {
  if (value === null || value === undefined || String(value).trim() === "") return null;
  const n = Number(String(value).trim().replace(",", "."));
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : "invalid";
}

/** Checks what the couple typed for an event; the same rule for the screen and the API. */
export function checkEventInput(input: EventInput): { ok: true; value: Omit<SiteEvent, "id"> } | { ok: false; error: EventInputError } {
  const nameEs = normalizeName(input.nameEs ?? "");
  const nameEn = normalizeName(input.nameEn ?? "") || null;
  if (!nameEs) return { ok: false, error: "nameRequired" };
  if (nameEs.length > MAX_EVENT_NAME_LENGTH || (nameEn?.length ?? 0) > MAX_EVENT_NAME_LENGTH) return { ok: false, error: "nameTooLong" };
  const startsAt = wallClock(input.startsAt ?? "");
  if (!startsAt) return { ok: false, error: "dateInvalid" };
  const place = optionalText(input.place);
  const address = optionalText(input.address);
  if ((place?.length ?? 0) > MAX_EVENT_PLACE_LENGTH) return { ok: false, error: "placeTooLong" };
  if ((address?.length ?? 0) > MAX_EVENT_ADDRESS_LENGTH) return { ok: false, error: "addressTooLong" };
  const descriptionEs = optionalText(input.descriptionEs);
  const descriptionEn = optionalText(input.descriptionEn);
  if ((descriptionEs?.length ?? 0) > MAX_EVENT_DESCRIPTION_LENGTH || (descriptionEn?.length ?? 0) > MAX_EVENT_DESCRIPTION_LENGTH) {
    return { ok: false, error: "descriptionTooLong" };
  }
  const latitude = coordinate(input.latitude, 90);
  const longitude = coordinate(input.longitude, 180);
  // A position is both numbers or neither.
  if (latitude === "invalid" || longitude === "invalid" || (latitude === null) !== (longitude === null)) return { ok: false, error: "positionInvalid" };
  return { ok: true, value: { nameEs, nameEn, startsAt, place, address, latitude, longitude, descriptionEs, descriptionEn, isPublic: !!input.isPublic } };
}

/** An event's name and description in a page's language (English falls back to the Spanish). */
export function eventIn(event: SiteEvent, language: string): { name: string; description: string | null } {
  const en = language === "en";
  return { name: (en && event.nameEn) || event.nameEs, description: (en && event.descriptionEn) || event.descriptionEs };
}

/** The events an invitation is invited to, the wedding first; without an invitation, the wedding and the public ones. */
export function eventsFor<E extends { id: number; isPublic: boolean }>(events: readonly E[], invited: readonly number[] | null): E[] {
  return events.filter((e) => e.id === WEDDING_EVENT_ID || (invited ? invited.includes(e.id) : e.isPublic));
}

/** A person's answer: the events they attend. */
export interface PersonAttendance {
  fullName: string;
  attends: readonly number[];
}

/** Someone who attends none of the events is not coming. */
export const isComing = (person: { attends: readonly number[] }) => person.attends.length > 0;

/** An answer in which nobody attends anything is a "no". */
export const isDecline = (people: readonly { attends: readonly number[] }[]) => !people.some(isComing);

/** Whether the confirmation asks per person which events they attend: only with more than the wedding. */
export const asksPerEvent = (invited: readonly number[]) => invited.length > 1;

/**
 * Each person's events as sent ("person:event" values: person 0 is the primary guest, N the Nth
 * additional name), checked against the invitation's events. Any event not invited to refuses
 * the whole answer ("notInvited"); a value not of that shape too.
 */
export function readAttendance(
  values: readonly string[],
  invited: readonly number[],
  people: number,
): { ok: true; byPerson: number[][] } | { ok: false; error: "notInvited" } {
  const byPerson: number[][] = Array.from({ length: people }, () => []);
  for (const value of values) {
    const m = /^(\d{1,2}):(\d{1,9})$/.exec(value);
    if (!m) return { ok: false, error: "notInvited" };
    const person = Number(m[1]);
    const event = Number(m[2]);
    if (!invited.includes(event)) return { ok: false, error: "notInvited" };
    if (person >= people) continue; // a name left blank: its boxes mean nothing
    if (!byPerson[person].includes(event)) byPerson[person].push(event);
  }
  for (const list of byPerson) list.sort((a, b) => invited.indexOf(a) - invited.indexOf(b));
  return { ok: true, byPerson };
}

/** The boxes grouped by person, whatever events they name (the model checks those against the invitation's). */
export function groupAttendance(values: readonly string[], people: number) {
  const named = values.map((v) => Number(/^\d{1,2}:(\d{1,9})$/.exec(v)?.[1] ?? NaN)).filter((n) => Number.isInteger(n));
  return readAttendance(values, named, people);
}

/** The events of a name in a built answer, matched as buildAnswer keeps names (trimmed, case ignored, first one wins). */
export function attendanceByName(sent: readonly { fullName: string; attends: readonly number[] }[]): (fullName: string) => readonly number[] | undefined {
  const byKey = new Map<string, readonly number[]>();
  for (const s of sent) {
    const key = nameKey(s.fullName);
    if (key && !byKey.has(key)) byKey.set(key, s.attends);
  }
  return (fullName) => byKey.get(nameKey(fullName));
}

/** Per event: people attending, people not (named and not attending, or a "no"'s seats), seats still pending. */
export interface EventTotals {
  eventId: number;
  confirmed: number;
  declined: number;
  pending: number;
}

/**
 * The per-event totals from the invitations, their events and their people's answers. An
 * invitation counts for an event only when invited to it; a "no" counts all its seats declined,
 * a pending one all its seats pending, a "yes" each person named by whether they attend.
 */
export function eventTotals(
  eventIds: readonly number[],
  invitations: readonly { status: string; maxGuests: number; events: readonly number[]; people: readonly { attends: readonly number[] }[] }[],
): EventTotals[] {
  return eventIds.map((eventId) => {
    const totals = { eventId, confirmed: 0, declined: 0, pending: 0 };
    for (const inv of invitations) {
      if (eventId !== WEDDING_EVENT_ID && !inv.events.includes(eventId)) continue;
      if (inv.status === "declined") totals.declined += inv.maxGuests;
      else if (inv.status !== "confirmed") totals.pending += inv.maxGuests;
      else
        for (const person of inv.people) {
          if (person.attends.includes(eventId)) totals.confirmed++;
          else totals.declined++;
        }
    }
    return totals;
  });
}
