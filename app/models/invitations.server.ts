import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from "kysely";
import { buildAnswer, cleanName, isRsvpOpen, type AnswerError, type GuestAnswer, type InvitationStatus } from "~/lib/rsvp";
import { generateInvitationCode, isWellFormedCode, normalizeInvitationCode } from "~/lib/invitation-code";
import { checkContacts, type ContactError, type ContactsInput } from "~/lib/contacts";
import { computeStats, type DietaryNote, type Stats } from "~/lib/stats";
import { DEFAULT_LANGUAGE, MAX_GUESTS_PER_INVITATION, MAX_NAME_LENGTH, MIN_GUESTS_PER_INVITATION, TOTAL_CAPACITY, type Language } from "~/lib/constants";
import { weddingDates } from "~/models/content-dates.server";
import { bool, db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import { enqueueAnswerNotice } from "~/models/notifications.server";
import { outboxTransaction } from "~/models/outbox.server";
import { config } from "~/infra/config.server";
import { attendanceOf, eventNames, invitedEvents, listExtraEvents, recordAttendance, setInvitedEvents } from "~/models/events.server";
import { attendanceByName, isDecline } from "~/lib/events";
import { applyChoices, type MenuChoiceError, type MenuOptions, type PersonChoice, type StoredChoice } from "~/lib/menu";
import { loadMenuOptions } from "~/models/menu.server";
import { replaceAnswerRows } from "~/models/guest-rows.server";
import { answerIsEditable } from "~/lib/answer-change";
import { applyAnswers, answerText, type AnswerError as QuestionAnswerError, type SentAnswers } from "~/lib/guest-questions";
import { answersOf, clearAnswers, listQuestions, storeAnswers, type QuestionAnswer } from "~/models/guest-questions.server";

export interface Guest {
  id: number;
  fullName: string;
  isPrimary: boolean;
  /** Dietary needs, or null. */
  dietary: string | null;
  /** The events this person attends (the wedding is 0; docs/decisions/0057-events.md). */
  attends: number[];
  /**
   * The dish chosen from the couple's menu (app/models/menu.server.ts) and the child mark
   * ('Niño o niña (menor de 12 años)'): present only when set, so a site that never used 'Menú'
   * reads exactly as before.
   */
  dishId?: number;
  isChild?: true;
  /** This person's answers to the couple's questions asked per person ('Preguntas'): present only when there are some. */
  answers?: QuestionAnswer[];
}

/** An invitation, its fields named as the API names them (docs/api.md). */
export interface Invitation {
  id: number;
  code: string;
  primaryGuest: string;
  maxGuests: number;
  /** The original yes/no boolean: true only when the guests said yes (status "confirmed"). */
  confirmed: boolean;
  confirmedAt: string | null;
  /** The language its personal link sets the site to. */
  language: Language;
  status: InvitationStatus;
  /** The guests' note to the couple, or null. */
  message: string | null;
  /** When the guests confirmed or declined (null while pending). */
  answeredAt: string | null;
  /** The guest's WhatsApp number in E.164 digits without the '+' (app/lib/contacts.ts), or null. */
  phone: string | null;
  /** The guest's e-mail, lower-case, or null. */
  email: string | null;
  /** When a guest first and last opened the personal link or entered the code (app/models/reminders.server.ts). */
  openedFirstAt: string | null;
  openedLastAt: string | null;
  /** The last reminder sent or copied, and how many there have been. */
  remindedAt: string | null;
  reminderCount: number;
  /** The events it is invited to: the wedding (0) first, then the couple's in their order. */
  events: number[];
  guests: Guest[];
  /** The answers to the couple's questions asked once per invitation ('Preguntas'): present only when there are some. */
  answers?: QuestionAnswer[];
}

/**
 * The answer of a stored row. `confirmed` is the original column and stays the truth for a "yes"
 * (rows written by code that only knows `confirmed` still read right); `status` adds "declined".
 */
export function statusOf(row: { confirmed: number; status: string }): InvitationStatus {
  if (bool(row.confirmed)) return "confirmed";
  return row.status === "declined" ? "declined" : "pending";
}

async function loadGuests(invitationIds: number[]): Promise<Map<number, Guest[]>> {
  const byInvitation = new Map<number, Guest[]>();
  if (invitationIds.length === 0) return byInvitation;
  const rows = await db()
    .selectFrom("guests")
    .select(["id", "invitation_id", "full_name", "is_primary", "dietary", "dish_id", "is_child"])
    .where("invitation_id", "in", invitationIds)
    .orderBy("is_primary", "desc")
    .orderBy("id", "asc")
    .execute();
  const attendance = await attendanceOf(rows.map((r) => r.id));
  const { byGuest } = await answersOf(invitationIds);
  for (const r of rows) {
    const answers = byGuest.get(r.id);
    const list = byInvitation.get(r.invitation_id) ?? [];
    list.push({
      id: r.id,
      fullName: r.full_name,
      isPrimary: bool(r.is_primary),
      dietary: r.dietary,
      attends: attendance.get(r.id) ?? [],
      ...(r.dish_id === null ? {} : { dishId: Number(r.dish_id) }),
      ...(bool(Number(r.is_child)) ? { isChild: true as const } : {}),
      ...(answers ? { answers } : {}),
    });
    byInvitation.set(r.invitation_id, list);
  }
  return byInvitation;
}

const invitationColumns = [
  "id",
  "code",
  "primary_guest",
  "max_guests",
  "confirmed",
  "confirmed_at",
  "language",
  "status",
  "message",
  "answered_at",
  "phone",
  "email",
  "opened_first_at",
  "opened_last_at",
  "reminded_at",
  "reminder_count",
] as const;

function toInvitation(
  row: {
    id: number;
    code: string;
    primary_guest: string;
    max_guests: number;
    confirmed: number;
    confirmed_at: string | null;
    language: Language;
    status: string;
    message: string | null;
    answered_at: string | null;
    phone: string | null;
    email: string | null;
    opened_first_at: string | null;
    opened_last_at: string | null;
    reminded_at: string | null;
    reminder_count: number;
  },
  guests: Guest[],
  events: number[] = [0],
  answers?: QuestionAnswer[],
): Invitation {
  const status = statusOf(row);
  return {
    id: row.id,
    code: row.code,
    primaryGuest: row.primary_guest,
    maxGuests: row.max_guests,
    confirmed: status === "confirmed",
    confirmedAt: row.confirmed_at,
    language: row.language,
    status,
    message: row.message,
    answeredAt: row.answered_at ?? (status === "confirmed" ? row.confirmed_at : null),
    phone: row.phone,
    email: row.email,
    openedFirstAt: row.opened_first_at,
    openedLastAt: row.opened_last_at,
    remindedAt: row.reminded_at,
    reminderCount: Number(row.reminder_count),
    events,
    guests,
    ...(answers ? { answers } : {}),
  };
}

/** The invitation for a code typed by a guest (any case, spaces ignored), or null. */
export async function findInvitationByCode(code: string): Promise<Invitation | null> {
  const normalized = normalizeInvitationCode(code);
  if (!isWellFormedCode(normalized)) return null;
  const row = await db().selectFrom("invitations").select(invitationColumns).where("code", "=", normalized).executeTakeFirst();
  if (!row) return null;
  const guests = await loadGuests([row.id]);
  const { byInvitation } = await answersOf([row.id]);
  return toInvitation(row, guests.get(row.id) ?? [], (await invitedEvents([row.id])).get(row.id), byInvitation.get(row.id));
}

export async function findInvitationById(id: number): Promise<Invitation | null> {
  const row = await db().selectFrom("invitations").select(invitationColumns).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const guests = await loadGuests([row.id]);
  const { byInvitation } = await answersOf([row.id]);
  return toInvitation(row, guests.get(row.id) ?? [], (await invitedEvents([row.id])).get(row.id), byInvitation.get(row.id));
}

/** Every invitation, newest first, with its guests. */
export async function listInvitations(): Promise<Invitation[]> {
  return invitationsWhere();
}

/** The invitations a condition keeps (all without one), newest first, with their guests: the one reader of lists. */
export async function invitationsWhere(condition?: (eb: ExpressionBuilder<Database, "invitations">) => Expression<SqlBool>): Promise<Invitation[]> {
  let query = db().selectFrom("invitations").select(invitationColumns);
  if (condition) query = query.where(condition);
  const rows = await query.orderBy("id", "desc").execute();
  const guests = await loadGuests(rows.map((r) => r.id));
  const events = await invitedEvents(rows.map((r) => r.id));
  const { byInvitation } = await answersOf(rows.map((r) => r.id));
  return rows.map((r) => toInvitation(r, guests.get(r.id) ?? [], events.get(r.id), byInvitation.get(r.id)));
}

export type InvitationInputError = "primaryGuestRequired" | "nameTooLong" | "maxGuestsOutOfRange" | "unknownEvent" | ContactError;

/**
 * Checks the fields an admin types; the same rule for the form, the CSV import and the API. The
 * contacts (app/lib/contacts.ts) come back in their stored form; left undefined, they stay so.
 */
export function validateInvitationInput(
  input: { primaryGuest: string; maxGuests: number } & ContactsInput,
): { ok: true; primaryGuest: string; maxGuests: number; phone?: string | null; email?: string | null } | { ok: false; error: InvitationInputError } {
  const primaryGuest = cleanName(input.primaryGuest ?? "");
  if (!primaryGuest) return { ok: false, error: "primaryGuestRequired" };
  if (primaryGuest.length > MAX_NAME_LENGTH) return { ok: false, error: "nameTooLong" };
  const maxGuests = Number(input.maxGuests);
  if (!Number.isInteger(maxGuests) || maxGuests < MIN_GUESTS_PER_INVITATION || maxGuests > MAX_GUESTS_PER_INVITATION) {
    return { ok: false, error: "maxGuestsOutOfRange" };
  }
  const contacts = checkContacts({ phone: input.phone, email: input.email }, config().DEFAULT_PHONE_COUNTRY);
  if (!contacts.ok) return contacts;
  return { ok: true, primaryGuest, maxGuests, phone: contacts.phone, email: contacts.email };
}

/** Over the seats the venue has (TOTAL_CAPACITY): what the admin must explicitly accept. */
export interface OverCapacity {
  ok: false;
  error: "overCapacity";
  /** Seats handed out if the change went ahead. */
  total: number;
  capacity: number;
}

export interface CapacityOptions {
  /** The admin saw the over-capacity warning and goes ahead anyway. */
  allowOverCapacity?: boolean;
}

async function seatsInTransaction(trx: Transaction<Database>): Promise<number> {
  const { seats } = await trx
    .selectFrom("invitations")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("max_guests"), eb.lit(0)).as("seats"))
    .executeTakeFirstOrThrow();
  return Number(seats);
}

export interface NewInvitation extends ContactsInput {
  primaryGuest: string;
  maxGuests: number;
  language?: Language;
  /** The couple's events it is invited to (the wedding always is); undefined: every event. */
  events?: readonly number[];
}

class UnknownEvent extends Error {}

/** Inserts one checked invitation under a fresh unique code, invited to its events; returns its id. */
async function insertWithFreshCode(trx: Transaction<Database>, checked: NewInvitation): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = generateInvitationCode();
    const inserted = await trx
      .insertInto("invitations")
      .values({
        code,
        primary_guest: checked.primaryGuest,
        max_guests: checked.maxGuests,
        language: checked.language ?? DEFAULT_LANGUAGE,
        phone: checked.phone ?? null,
        email: checked.email ?? null,
      })
      .onConflict((oc) => oc.column("code").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) {
      const events = checked.events ?? (await listExtraEvents(trx)).map((e) => e.id);
      // Throwing rolls the insert back with the rest of the caller's transaction.
      if (!(await setInvitedEvents(trx, inserted.id, events)).ok) throw new UnknownEvent();
      return inserted.id;
    }
  }
  throw new Error("Could not generate a unique invitation code");
}

/**
 * Creates an invitation with a fresh unique code. The capacity check and the insert run in one
 * transaction (SQLite serialises writers), so two creations at once cannot both pass the check.
 */
export async function createInvitation(
  input: NewInvitation,
  options: CapacityOptions = {},
): Promise<{ ok: true; invitation: Invitation } | { ok: false; error: InvitationInputError } | OverCapacity> {
  const checked = validateInvitationInput(input);
  if (!checked.ok) return checked;
  const outcome = await db()
    .transaction()
    .execute(async (trx) => {
      const total = (await seatsInTransaction(trx)) + checked.maxGuests;
      if (total > TOTAL_CAPACITY && !options.allowOverCapacity) {
        return { ok: false as const, error: "overCapacity" as const, total, capacity: TOTAL_CAPACITY };
      }
      return { ok: true as const, id: await insertWithFreshCode(trx, { ...checked, language: input.language, events: input.events }) };
    })
    .catch((error: unknown) => {
      if (error instanceof UnknownEvent) return { ok: false as const, error: "unknownEvent" as const };
      throw error;
    });
  if (!outcome.ok) return outcome;
  return { ok: true, invitation: (await findInvitationById(outcome.id))! };
}

/**
 * Creates several invitations inside the caller's transaction (the guest-list import: all or none).
 * Each row goes through the same check as the Crear form; the first bad row stops the batch with its index.
 */
export async function createInvitations(
  rows: readonly NewInvitation[],
  trx: Transaction<Database>,
): Promise<{ ok: true; ids: number[] } | { ok: false; row: number; error: InvitationInputError }> {
  const ids: number[] = [];
  for (const [row, input] of rows.entries()) {
    const checked = validateInvitationInput(input);
    if (!checked.ok) return { ok: false, row, error: checked.error };
    try {
      ids.push(await insertWithFreshCode(trx, { ...checked, language: input.language, events: input.events }));
    } catch (error) {
      if (error instanceof UnknownEvent) return { ok: false, row, error: "unknownEvent" };
      throw error;
    }
  }
  return { ok: true, ids };
}

export type UpdateInvitationError = InvitationInputError | "notFound" | "belowConfirmed";

/** The answers an admin may set: back to pending, or "will not attend". Only the guests say yes. */
export type AdminStatus = Extract<InvitationStatus, "pending" | "declined">;

/**
 * Renames the primary guest, changes the seats, the language or the contacts (undefined keeps one,
 * null or blank clears it); never below the names already
 * confirmed, and never raising the seats past the capacity unless allowed. With `status` the admin
 * sets the answer (a cousin phoned): "pending" or "declined" removes every guest but the primary
 * one, so the seats rule counts what remains. All in one transaction.
 */
export async function updateInvitation(
  id: number,
  patch: { primaryGuest?: string; maxGuests?: number; language?: Language; status?: AdminStatus; events?: readonly number[] } & ContactsInput,
  options: CapacityOptions & { now?: Date } = {},
): Promise<{ ok: true; invitation: Invitation } | { ok: false; error: UpdateInvitationError } | OverCapacity> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("invitations").select(["primary_guest", "max_guests"]).where("id", "=", id).executeTakeFirst();
      if (!row) return { ok: false as const, error: "notFound" as const };
      const checked = validateInvitationInput({
        primaryGuest: patch.primaryGuest ?? row.primary_guest,
        maxGuests: patch.maxGuests ?? row.max_guests,
        phone: patch.phone,
        email: patch.email,
      });
      if (!checked.ok) return checked;
      const stamp = (options.now ?? new Date()).toISOString();
      if (patch.status) {
        await trx.deleteFrom("guests").where("invitation_id", "=", id).where("is_primary", "=", 0).execute();
        // The answer's answers to the couple's questions go with it.
        await clearAnswers(trx, id);
        await trx
          .updateTable("invitations")
          .set({
            status: patch.status,
            confirmed: 0,
            confirmed_at: null,
            answered_at: patch.status === "declined" ? stamp : null,
            ...(patch.status === "pending" ? { message: null } : {}),
          })
          .where("id", "=", id)
          .execute();
      }
      const { count } = await trx
        .selectFrom("guests")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("invitation_id", "=", id)
        .executeTakeFirstOrThrow();
      // Throwing rolls the answer change back with the rest.
      if (checked.maxGuests < Number(count)) throw new BelowConfirmed();
      if (checked.maxGuests > row.max_guests && !options.allowOverCapacity) {
        // Only raising seats asks: lowering them (or renaming) is always allowed, even when already over.
        const total = (await seatsInTransaction(trx)) - row.max_guests + checked.maxGuests;
        if (total > TOTAL_CAPACITY) throw new OverCapacityError(total);
      }
      await trx
        .updateTable("invitations")
        .set({
          primary_guest: checked.primaryGuest,
          max_guests: checked.maxGuests,
          ...(patch.language ? { language: patch.language } : {}),
          ...(checked.phone !== undefined ? { phone: checked.phone } : {}),
          ...(checked.email !== undefined ? { email: checked.email } : {}),
          // An invitation the couple edits is theirs: 'Quitar los datos de ejemplo' leaves it.
          is_demo: 0,
          updated_at: stamp,
        })
        .where("id", "=", id)
        .execute();
      await trx.updateTable("guests").set({ full_name: checked.primaryGuest }).where("invitation_id", "=", id).where("is_primary", "=", 1).execute();
      if (!(await setInvitedEvents(trx, id, patch.events)).ok) throw new UnknownEvent();
      return { ok: true as const, id };
    })
    .catch((error: unknown) => {
      if (error instanceof BelowConfirmed) return { ok: false as const, error: "belowConfirmed" as const };
      if (error instanceof UnknownEvent) return { ok: false as const, error: "unknownEvent" as const };
      if (error instanceof OverCapacityError) return { ok: false as const, error: "overCapacity" as const, total: error.total, capacity: TOTAL_CAPACITY };
      throw error;
    })
    .then(async (r) => (r.ok ? { ok: true as const, invitation: (await findInvitationById(id))! } : r));
}

class BelowConfirmed extends Error {}
class OverCapacityError extends Error {
  constructor(readonly total: number) {
    super("over capacity");
  }
}

export type ConfirmError = "notFound" | "closed" | "alreadyAnswered" | "notInvited" | AnswerError | MenuChoiceError | QuestionAnswerError | ChangeError;

/** Why a confirmed answer cannot be changed: nothing richer is asked ("notEditable"), or the change leaves nobody coming. */
export type ChangeError = "notEditable" | "nobodyComing";

/** A person's answer with the events they attend (undefined: every event the invitation is invited to). */
export type GuestAnswerWithEvents = GuestAnswer & { attends?: readonly number[] };

/**
 * Confirms attendance for a code with the guests sent (primary guest optional, added first),
 * each guest's dietary note and a message to the couple (see buildAnswer).
 * Runs in one transaction: confirming twice, or concurrently, never adds guests twice;
 * a second call answers with the invitation as first confirmed. An invitation already
 * declined is not changed ("alreadyAnswered"): a stale tab cannot turn a "no" into a "yes".
 */
export async function confirmInvitation(
  code: string,
  guests: readonly (string | GuestAnswerWithEvents)[],
  now: Date = new Date(),
  extra: AnswerExtra & {
    /** Replaces a confirmed answer instead ('Cambiar mi respuesta', see changeAnswer). */
    change?: boolean;
  } = {},
): Promise<{ ok: true; invitation: Invitation; alreadyConfirmed: boolean } | { ok: false; error: ConfirmError }> {
  const normalized = normalizeInvitationCode(code);
  if (!isWellFormedCode(normalized)) return { ok: false, error: "notFound" };
  const { rsvpDeadline } = await weddingDates();
  const outcome = await outboxTransaction(async (trx) => {
    const row = await trx
      .selectFrom("invitations")
      .select(["id", "primary_guest", "max_guests", "confirmed", "status"])
      .where("code", "=", normalized)
      .executeTakeFirst();
    if (!row) return { ok: false as const, error: "notFound" as const };
    const status = statusOf(row);
    if (extra.change) {
      if (status !== "confirmed") return { ok: false as const, error: "alreadyAnswered" as const };
    } else if (status === "confirmed") return { ok: true as const, id: row.id, alreadyConfirmed: true };
    if (status === "declined") return { ok: false as const, error: "alreadyAnswered" as const };
    if (!isRsvpOpen(rsvpDeadline, now)) return { ok: false as const, error: "closed" as const };
    if (extra.change && !(await changeAllowed(trx, row.id))) return { ok: false as const, error: "notEditable" as const };
    const result = await storeAnswer(trx, row, guests, extra, { stamp: now.toISOString(), change: extra.change });
    if (!result.ok) return result;
    if (result.declined) {
      await enqueueAnswerNotice(trx, {
        code: normalized,
        primaryGuest: row.primary_guest,
        status: "declined",
        guests: [],
        message: result.message,
        answeredAt: result.stamp,
      });
      return { ok: true as const, id: row.id, alreadyConfirmed: false };
    }
    const { answer, chosen, replied, questions, menu, invited, attends } = result;
    const noticeAnswers = (person: number | null) =>
      replied.answers
        .filter((a) => a.person === person)
        .map((a) => {
          const question = questions.find((q) => q.id === a.questionId)!;
          return { question: question.textEs, answer: answerText(question, a.value, "es") };
        });
    // The couple's notification names each person's events when there is more than the wedding.
    const names = invited.length > 1 ? await eventNames(trx) : null;
    const noticeGuests = answer.guests.map((g, i) => ({
      ...g,
      ...(names ? { events: (attends(g.fullName) ?? invited).filter((id) => invited.includes(id)).map((id) => names.get(id) ?? String(id)) } : {}),
      ...noticeChoice(chosen.choices[i], menu),
      ...(noticeAnswers(i).length ? { answers: noticeAnswers(i) } : {}),
    }));
    // The couple's notification is written with the answer or not at all (app/models/notifications.server.ts).
    await enqueueAnswerNotice(trx, {
      code: normalized,
      primaryGuest: row.primary_guest,
      status: "confirmed",
      guests: noticeGuests,
      ...(noticeAnswers(null).length ? { answers: noticeAnswers(null) } : {}),
      message: answer.message,
      answeredAt: result.stamp,
      ...(extra.change ? { changed: true as const } : {}),
    });
    return { ok: true as const, id: row.id, alreadyConfirmed: false };
  });
  if (!outcome.ok) return outcome;
  return { ok: true, invitation: (await findInvitationById(outcome.id))!, alreadyConfirmed: outcome.alreadyConfirmed };
}

/** What an answer carries beside its people: notes, message, events, dishes and child marks, answers to the couple's questions. */
export interface AnswerExtra {
  primaryDietary?: string | null;
  message?: string | null;
  primaryAttends?: readonly number[];
  /** Each person's dish and child box (app/lib/menu.ts): the primary guest's, and by index of `guests`. */
  choices?: { primary: PersonChoice; guests: readonly PersonChoice[] };
  /**
   * The answers to the couple's questions (app/lib/guest-questions.ts), by question id: the
   * invitation's, the primary guest's, and by index of `guests`.
   */
  answers?: { invitation?: SentAnswers | null; primary?: SentAnswers | null; guests?: readonly (SentAnswers | null | undefined)[] };
}

/**
 * THE rules of a "yes" and its storing, inside the caller's transaction: the seats
 * (maxGuests - 1 beside the primary guest, who comes first), each person's events among those the
 * invitation is invited to, the menu and the children as the couple set them, the couple's
 * questions; nobody attending anything is stored as a "no". Every check runs before anything is
 * written, so a refusal leaves the transaction untouched. Used by a guest's confirmation, their
 * 'Cambiar mi respuesta' and the guest-list import. The deadline and the couple's notification
 * are the callers' (the import is the couple's own, after the deadline too, and e-mails nobody).
 */
export async function storeAnswer(
  trx: Transaction<Database>,
  row: { id: number; primary_guest: string; max_guests: number },
  guests: readonly (string | GuestAnswerWithEvents)[],
  extra: AnswerExtra,
  { stamp, change = false }: { stamp: string; change?: boolean },
) {
  const answer = buildAnswer(row.primary_guest, row.max_guests, {
    guests: guests.map((g) => (typeof g === "string" ? { fullName: g } : g)),
    primaryDietary: extra.primaryDietary,
    message: extra.message,
  });
  if (!answer.ok) return answer;
  // Per person, the events they attend: only events the invitation is invited to (docs/decisions/0057-events.md).
  const invited = (await invitedEvents([row.id], trx)).get(row.id) ?? [0];
  const sent = guests.map((g) => (typeof g === "string" ? { fullName: g } : g));
  const chosenEvents = [extra.primaryAttends, ...sent.map((g) => g.attends)];
  if (chosenEvents.some((list) => list?.some((event) => !invited.includes(event)))) return { ok: false as const, error: "notInvited" as const };
  const attends = attendanceByName([
    ...(extra.primaryAttends ? [{ fullName: row.primary_guest, attends: extra.primaryAttends }] : []),
    ...sent.flatMap((g) => (g.attends ? [{ fullName: g.fullName, attends: g.attends }] : [])),
  ]);
  const people = answer.guests.map((g) => ({ attends: attends(g.fullName) ?? invited }));
  // Nobody attending anything is a "no", stored as one (with the note to the couple); a change is never a "no".
  if (isDecline(people) && change) return { ok: false as const, error: "nobodyComing" as const };
  if (isDecline(people)) {
    await storeDecline(trx, row.id, stamp, answer.message);
    return { ok: true as const, declined: true as const, message: answer.message, stamp };
  }
  // The menu and the children are asked as the couple set them now, read in this transaction.
  const sentGuests = sent.map((g, i) => ({ ...g, ...extra.choices?.guests[i] }));
  const menu = await loadMenuOptions(trx);
  const chosen = applyChoices(answer.guests, sentGuests, extra.choices?.primary ?? {}, menu);
  if (!chosen.ok) return chosen;
  // The couple's questions as they are now, read in this transaction: a refusal stores nothing.
  const questions = await listQuestions(trx);
  const replied = applyAnswers(questions, answer.guests, {
    invitation: extra.answers?.invitation,
    primary: extra.answers?.primary,
    guests: sent.map((g, i) => ({ fullName: g.fullName, answers: extra.answers?.guests?.[i] })),
  });
  if (!replied.ok) return replied;
  // The answer replaces the stored people (an invitation set back to pending keeps its primary guest's row);
  // a person whose name stays keeps their row, and with it their table and arrival.
  const guestIds = await replaceAnswerRows(
    trx,
    row.id,
    answer.guests.map((g, i) => ({ fullName: g.fullName, dietary: g.dietary, dishId: chosen.choices[i].dishId, isChild: chosen.choices[i].isChild })),
  );
  await recordAttendance(trx, row.id, invited, attends);
  await storeAnswers(trx, row.id, guestIds, replied.answers);
  // A change keeps when the guests first said yes.
  const answeredStamps = change ? {} : { confirmed_at: stamp, answered_at: stamp };
  await trx
    .updateTable("invitations")
    .set({ confirmed: 1, status: "confirmed", ...answeredStamps, message: answer.message, updated_at: stamp })
    .where("id", "=", row.id)
    .execute();
  return { ok: true as const, declined: false as const, answer, chosen, replied, questions, menu, invited, attends, stamp };
}

/**
 * A "no" stored inside the caller's transaction: every guest but the primary one goes, the answer
 * is stamped. `message` undefined leaves the note as it is (the guests' plain "no" sends none).
 */
export async function storeDecline(trx: Transaction<Database>, invitationId: number, stamp: string, message?: string | null): Promise<void> {
  await trx.deleteFrom("guests").where("invitation_id", "=", invitationId).where("is_primary", "=", 0).execute();
  await trx
    .updateTable("invitations")
    .set({ status: "declined", answered_at: stamp, ...(message === undefined ? {} : { message }), updated_at: stamp })
    .where("id", "=", invitationId)
    .execute();
}

/** Whether the invitation's answer carries more than the wedding's yes now (app/lib/answer-change.ts), read in the change's transaction. */
async function changeAllowed(trx: Transaction<Database>, invitationId: number): Promise<boolean> {
  const menu = await loadMenuOptions(trx);
  const events = (await invitedEvents([invitationId], trx)).get(invitationId) ?? [0];
  const questions = (await listQuestions(trx)).length;
  return answerIsEditable({ events, askMenu: menu.askMenu, askChildren: menu.askChildren, questions });
}

/**
 * 'Cambiar mi respuesta': a confirmed guest replaces their answer (names, notes, dishes, child
 * marks, events, message) while the RSVP is open and the answer is editable
 * (app/lib/answer-change.ts), under every rule of a confirmation, in one transaction with the
 * couple's "changed its answer" notification. A refusal stores nothing.
 */
export function changeAnswer(
  code: string,
  guests: readonly (string | GuestAnswerWithEvents)[],
  now: Date = new Date(),
  extra: Parameters<typeof confirmInvitation>[3] = {},
) {
  return confirmInvitation(code, guests, now, { ...extra, change: true });
}

/** A person's dish (by its Spanish name) and child mark as the couple's notification carries them: only when set. */
function noticeChoice(choice: StoredChoice, menu: MenuOptions): { dish?: string; child?: true } {
  const dish = menu.dishes.find((d) => d.id === choice.dishId);
  return { ...(dish ? { dish: dish.name } : {}), ...(choice.isChild ? { child: true as const } : {}) };
}

export type DeclineError = "notFound" | "closed" | "alreadyAnswered";

/**
 * The guests' "no" for a code. Once only and in one transaction like a confirmation: declining
 * again answers the invitation as declined; an invitation already confirmed is not changed
 * ("alreadyAnswered"), and nothing is accepted after the deadline.
 */
export async function declineInvitation(
  code: string,
  now: Date = new Date(),
): Promise<{ ok: true; invitation: Invitation; alreadyDeclined: boolean } | { ok: false; error: DeclineError }> {
  const normalized = normalizeInvitationCode(code);
  if (!isWellFormedCode(normalized)) return { ok: false, error: "notFound" };
  const { rsvpDeadline } = await weddingDates();
  const outcome = await outboxTransaction(async (trx) => {
    const row = await trx.selectFrom("invitations").select(["id", "primary_guest", "confirmed", "status"]).where("code", "=", normalized).executeTakeFirst();
    if (!row) return { ok: false as const, error: "notFound" as const };
    const status = statusOf(row);
    if (status === "declined") return { ok: true as const, id: row.id, alreadyDeclined: true };
    if (status === "confirmed") return { ok: false as const, error: "alreadyAnswered" as const };
    if (!isRsvpOpen(rsvpDeadline, now)) return { ok: false as const, error: "closed" as const };
    const stamp = now.toISOString();
    await storeDecline(trx, row.id, stamp);
    await enqueueAnswerNotice(trx, { code: normalized, primaryGuest: row.primary_guest, status: "declined", guests: [], message: null, answeredAt: stamp });
    return { ok: true as const, id: row.id, alreadyDeclined: false };
  });
  if (!outcome.ok) return outcome;
  return { ok: true, invitation: (await findInvitationById(outcome.id))!, alreadyDeclined: outcome.alreadyDeclined };
}

/** Deletes an invitation and its guests; false when it did not exist. */
export async function deleteInvitation(id: number): Promise<boolean> {
  const result = await db().deleteFrom("invitations").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type DeleteGuestError = "notFound" | "primaryGuest";

/** Removes an additional guest: frees the seat and lowers the invitation's maxGuests by one. */
export async function deleteGuest(guestId: number): Promise<{ ok: true; invitationId: number } | { ok: false; error: DeleteGuestError }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const guest = await trx
        .selectFrom("guests")
        .innerJoin("invitations", "invitations.id", "guests.invitation_id")
        .select(["guests.id", "guests.invitation_id", "guests.full_name", "guests.is_primary", "invitations.primary_guest", "invitations.max_guests"])
        .where("guests.id", "=", guestId)
        .executeTakeFirst();
      if (!guest) return { ok: false as const, error: "notFound" as const };
      // The primary guest is matched by name, and by the flag (the stronger check): keep both.
      if (bool(guest.is_primary) || cleanName(guest.full_name).toLocaleLowerCase() === cleanName(guest.primary_guest).toLocaleLowerCase()) {
        return { ok: false as const, error: "primaryGuest" as const };
      }
      await trx.deleteFrom("guests").where("id", "=", guestId).execute();
      await trx.deleteFrom("guest_question_answers").where("guest_id", "=", guestId).execute();
      await trx
        .updateTable("invitations")
        .set({ max_guests: Math.max(1, guest.max_guests - 1), updated_at: new Date().toISOString() })
        .where("id", "=", guest.invitation_id)
        .execute();
      return { ok: true as const, invitationId: guest.invitation_id };
    });
}

/** The admin's statistics; see docs/api.md "Statistics" for the definitions. */
export async function getStats(): Promise<Stats> {
  const declined = sql<number>`confirmed = 0 AND status = 'declined'`;
  const pending = sql<number>`confirmed = 0 AND status <> 'declined'`;
  const totals = await db()
    .selectFrom("invitations")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("max_guests"), eb.lit(0)).as("seats"),
      eb.fn.countAll<number>().as("totalInvitations"),
      eb.fn.coalesce(eb.fn.sum<number>("confirmed"), eb.lit(0)).as("confirmedInvitations"),
      sql<number>`COALESCE(SUM(CASE WHEN ${declined} THEN 1 ELSE 0 END), 0)`.as("declinedInvitations"),
      sql<number>`COALESCE(SUM(CASE WHEN ${declined} THEN max_guests ELSE 0 END), 0)`.as("declinedSeats"),
      sql<number>`COALESCE(SUM(CASE WHEN ${pending} THEN 1 ELSE 0 END), 0)`.as("pendingInvitations"),
      sql<number>`COALESCE(SUM(CASE WHEN ${pending} THEN max_guests ELSE 0 END), 0)`.as("pendingSeats"),
    ])
    .executeTakeFirstOrThrow();
  const guests = await db()
    .selectFrom("guests")
    .innerJoin("invitations", "invitations.id", "guests.invitation_id")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      sql<number>`COALESCE(SUM(CASE WHEN guests.dietary IS NOT NULL THEN 1 ELSE 0 END), 0)`.as("dietaryCount"),
    ])
    .where("invitations.confirmed", "=", 1)
    // Someone who attends none of the events is not coming (docs/decisions/0057-events.md).
    .where((eb) =>
      eb.or([
        eb("guests.attends_wedding", "=", 1),
        eb.exists(
          eb
            .selectFrom("guest_events")
            .innerJoin("events", "events.id", "guest_events.event_id")
            .select("guest_events.event_id")
            .whereRef("guest_events.guest_id", "=", "guests.id")
            .where("events.removed_at", "is", null),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return computeStats({
    seats: Number(totals.seats),
    confirmedGuests: Number(guests.count),
    totalInvitations: Number(totals.totalInvitations),
    confirmedInvitations: Number(totals.confirmedInvitations),
    declinedInvitations: Number(totals.declinedInvitations),
    declinedSeats: Number(totals.declinedSeats),
    pendingInvitations: Number(totals.pendingInvitations),
    pendingSeats: Number(totals.pendingSeats),
    dietaryCount: Number(guests.dietaryCount),
  });
}

/** Every dietary note of a guest who is coming (confirmed invitations), for the caterer. */
export async function listDietaryNotes(): Promise<DietaryNote[]> {
  const rows = await db()
    .selectFrom("guests")
    .innerJoin("invitations", "invitations.id", "guests.invitation_id")
    .select(["guests.full_name", "guests.dietary", "invitations.primary_guest"])
    .where("invitations.confirmed", "=", 1)
    .where("guests.dietary", "is not", null)
    .orderBy("invitations.primary_guest")
    .orderBy("guests.is_primary", "desc")
    .orderBy("guests.id")
    .execute();
  return rows.map((r) => ({ guest: r.full_name, primaryGuest: r.primary_guest, dietary: r.dietary ?? "" }));
}

/** Seats handed out so far (sum of maxGuests). */
export async function seatsHandedOut(): Promise<number> {
  return (await getStats()).totalGuests;
}
