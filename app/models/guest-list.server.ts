import type { Transaction } from "kysely";
import { guestListCsv, guestListRows, readImportCsv, type GuestListInvitation, type ImportReadError, type ImportRow } from "~/lib/guest-list-csv";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, TOTAL_CAPACITY, type Language } from "~/lib/constants";
import { personalLink } from "~/lib/personal-link";
import { checkMessage, cleanName } from "~/lib/rsvp";
import { WEDDING_EVENT_ID } from "~/lib/events";
import { listEvents, listExtraEvents } from "~/models/events.server";
import { resources } from "~/locales";
import { db } from "~/infra/db.server";
import { listDishes, menuSettings } from "~/models/menu.server";
import { listQuestions } from "~/models/guest-questions.server";
import { answerText, foldKey, type GuestQuestion, type SentAnswers } from "~/lib/guest-questions";
import type { Database } from "~/infra/db-schema";
import {
  createInvitations,
  listInvitations,
  storeAnswer,
  storeDecline,
  validateInvitationInput,
  type AnswerExtra,
  type ConfirmError,
  type GuestAnswerWithEvents,
  type Invitation,
  type InvitationInputError,
  type NewInvitation,
} from "~/models/invitations.server";

/* ---------- Out: the guest list as CSV ---------- */

/**
 * THE adapter from an invitation to the export's record: a field of Invitation the export needs
 * (as `status`, `guests[].dietary` and `message`) is plugged in here, and only here.
 */
export function toGuestListInvitation(
  invitation: Invitation,
  names: ReadonlyMap<number, string> = new Map(),
  dishNames?: ReadonlyMap<number, string>,
  questions: readonly GuestQuestion[] = [],
): GuestListInvitation {
  // Each answer under its question's Spanish text, as the couple reads it (Sí/No, the option's Spanish text).
  const columns = (answers: readonly { questionId: number; value: string }[] | undefined) => {
    const row: Record<string, string> = {};
    for (const a of answers ?? []) {
      const question = questions.find((q) => q.id === a.questionId);
      if (question) row[question.textEs] = answerText(question, a.value, "es");
    }
    return row;
  };
  return {
    code: invitation.code,
    primaryGuest: invitation.primaryGuest,
    maxGuests: invitation.maxGuests,
    language: invitation.language,
    status: invitation.status,
    message: invitation.message,
    answeredAt: invitation.answeredAt,
    phone: invitation.phone,
    email: invitation.email,
    guests: invitation.guests.map((g) => ({
      fullName: g.fullName,
      isPrimary: g.isPrimary,
      dietary: g.dietary,
      attends: g.attends.map((id) => names.get(id) ?? String(id)),
      ...(dishNames ? { dish: g.dishId === undefined ? null : (dishNames.get(g.dishId) ?? null), isChild: g.isChild ?? false } : {}),
      ...(questions.length ? { answers: columns(g.answers) } : {}),
    })),
    ...(questions.length ? { answers: columns(invitation.answers) } : {}),
    // Only on a site with events of the couple's: a site without them exports what it always did.
    ...(names.size > 1 ? { events: invitation.events.map((id) => names.get(id) ?? String(id)) } : {}),
  };
}

/** Every invitation's guests as CSV text (oldest invitation first, as a list is usually read). */
export async function exportGuestList(baseUrl: string): Promise<string> {
  const [invitations, settings, dishes, events, questions] = await Promise.all([
    listInvitations().then((list) => list.reverse()),
    menuSettings(),
    listDishes(),
    listEvents(),
    listQuestions(),
  ]);
  const names = new Map(events.map((e) => [e.id, e.nameEs]));
  // The dish and child columns only on a site that uses the couple's menu: otherwise the file is as before.
  const menu = settings.askMenu || settings.askChildren || invitations.some((inv) => inv.guests.some((g) => g.dishId !== undefined || g.isChild));
  const dishNames = menu ? new Map(dishes.map((d) => [d.id, d.name])) : undefined;
  return guestListCsv(
    invitations.flatMap((inv) => guestListRows(toGuestListInvitation(inv, names, dishNames, questions), personalLink(baseUrl, inv.code))),
    // A column per question (its Spanish text) only when there are questions.
    { menu, events: names.size > 1, questions: questions.map((q) => q.textEs) },
  );
}

/* ---------- In: a spreadsheet of invitations ---------- */

/** Why an exported answer cannot be stored: the answer rules' own refusals (the deadline's and the guest's change's never apply). */
export type ImportAnswerProblem = Exclude<ConfirmError, "notFound" | "closed" | "alreadyAnswered" | "notEditable">;

export type ImportRowProblem =
  | InvitationInputError
  | "unknownLanguage"
  | "duplicateInFile"
  | "alreadyInvited"
  | "unknownEvent"
  | "unknownStatus"
  | "answeredAtInvalid"
  | ImportAnswerProblem;

export interface ImportPreviewRow {
  line: number;
  primaryGuest: string;
  maxGuests: string;
  language: string;
  phone: string;
  email: string;
  problems: ImportRowProblem[];
}

export interface ImportPreview {
  rows: ImportPreviewRow[];
  /** Invitations the file would create (rows of one exported invitation count once). */
  invitations: number;
  /** Seats handed out after the import, and whether that passes the capacity (a warning only). */
  totalSeats: number;
  capacity: number;
  overCapacity: boolean;
  /** True when no row has a problem. */
  ok: boolean;
}

export type ImportResult =
  | { ok: true; dryRun: true; preview: ImportPreview }
  | { ok: true; dryRun: false; preview: ImportPreview; created: number }
  | { ok: false; error: ImportReadError }
  | { ok: false; error: "rowProblems"; preview: ImportPreview };

const nameKey = (name: string) => cleanName(name).toLocaleLowerCase("es");

/** An exported answer to store once its invitation exists (decision 0067). */
type PlannedAnswer =
  { status: "declined"; stamp: string; message: string | null } | { status: "confirmed"; stamp: string; guests: GuestAnswerWithEvents[]; extra: AnswerExtra };

interface ImportPlan {
  row: ImportPreviewRow;
  /** The seats it hands out (counted against the capacity even while the row has a problem, as before). */
  seats: number;
  create?: NewInvitation;
  answer?: PlannedAnswer;
}

type Executor = Transaction<Database> | ReturnType<typeof db>;

/** The rows of one invitation: an exported file's share its code (one row per guest); a row without a code stands alone. */
function invitationsOf(rows: readonly ImportRow[]): ImportRow[][] {
  const groups: ImportRow[][] = [];
  const byCode = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const group = row.code ? byCode.get(row.code) : undefined;
    if (group) group.push(row);
    else {
      groups.push([row]);
      if (row.code) byCode.set(row.code, groups[groups.length - 1]);
    }
  }
  return groups;
}

const yes = (text: string) => ["yes", "si", "true", "1"].includes(foldKey(text));

/**
 * An exported invitation's answer as the confirm flow takes it: the primary guest's row (marked
 * `isPrimary`, or named as the invitation) and the others in the file's order, each with their
 * note, events (`asistencia`), dish (by its Spanish or English name) and child mark, and the
 * answers under the couple's questions' columns (headed by their Spanish texts). The cells are
 * read as typed: every rule is the confirm flow's (storeAnswer), applied when stored.
 */
function plannedYes(
  group: readonly ImportRow[],
  primaryGuest: string,
  lookups: { eventIds: (names: string | null) => number[] | undefined | null; dishes: ReadonlyMap<string, number>; questions: readonly GuestQuestion[] },
): Omit<Extract<PlannedAnswer, { status: "confirmed" }>, "stamp"> {
  const people = group.filter((r) => r.guest);
  const primaryKey = nameKey(primaryGuest);
  const primaryAt = Math.max(
    0,
    people.findIndex((r) => yes(r.isPrimary) || nameKey(r.guest) === primaryKey),
  );
  const primary = people[primaryAt] as ImportRow | undefined;
  const others = people.filter((_, i) => i !== primaryAt || !primary);
  // An unknown dish is sent as a name no dish has: the menu's rule refuses it when the menu is asked.
  const dish = (name: string) => (name ? String(lookups.dishes.get(foldKey(name)) ?? "unknown") : undefined);
  const choice = (r: ImportRow | undefined) => ({ dish: r ? dish(r.dish) : undefined, child: r ? yes(r.child) : false });
  const columns = (r: ImportRow | undefined, per: GuestQuestion["per"]): SentAnswers => {
    const sent: Record<string, string> = {};
    if (!r) return sent;
    for (const q of lookups.questions.filter((q) => q.per === per)) {
      const header = Object.keys(r.answers).find((h) => foldKey(h) === foldKey(q.textEs));
      if (header !== undefined) sent[String(q.id)] = r.answers[header];
    }
    return sent;
  };
  const attends = (r: ImportRow | undefined) => (r ? (lookups.eventIds(r.attends) ?? undefined) : undefined);
  return {
    status: "confirmed",
    guests: others.map((r) => ({ fullName: r.guest, dietary: r.dietary, attends: attends(r) })),
    extra: {
      primaryDietary: primary?.dietary,
      message: group[0].message,
      primaryAttends: attends(primary),
      choices: { primary: choice(primary), guests: others.map(choice) },
      answers: { invitation: columns(group[0], "invitation"), primary: columns(primary, "person"), guests: others.map((r) => columns(r, "person")) },
    },
  };
}

async function planImport(csv: string, executor: Executor) {
  const read = await readImportCsv(csv);
  if (!read.ok) return read;
  const existing = await executor.selectFrom("invitations").select(["primary_guest", "max_guests"]).execute();
  const invited = new Set(existing.map((r) => nameKey(r.primary_guest)));
  const seatsBefore = existing.reduce((sum, r) => sum + r.max_guests, 0);
  // `eventos`: event names (any case, Spanish or English; the wedding's too, always implied) to the couple's ids.
  // Read in the caller's transaction (the import's): the wedding's names are the texts', not the store's.
  const eventIds = new Map<string, number>([resources.es.events.wedding, resources.en.events.wedding].map((name) => [nameKey(name), WEDDING_EVENT_ID]));
  for (const e of await listExtraEvents(executor)) for (const name of [e.nameEs, e.nameEn]) if (name) eventIds.set(nameKey(name), e.id);
  const dishes = new Map<string, number>();
  for (const d of await listDishes(executor)) for (const name of [d.name, d.nameEn]) if (name && !dishes.has(foldKey(name))) dishes.set(foldKey(name), d.id);
  const questions = await listQuestions(executor);

  const seenNames = new Set<string>();
  const plans: ImportPlan[] = [];
  for (const group of invitationsOf(read.rows)) {
    // The first row of an invitation stands for it: its line is the one the preview names.
    const row = group[0];
    const problems: ImportRowProblem[] = [];
    const checked = validateInvitationInput({
      primaryGuest: row.primaryGuest,
      maxGuests: /^\d{1,3}$/.test(row.maxGuests) ? Number(row.maxGuests) : NaN,
      phone: row.phone,
      email: row.email,
    });
    if (!checked.ok) problems.push(checked.error);
    const language = (row.language || DEFAULT_LANGUAGE).toLowerCase();
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(language)) problems.push("unknownLanguage");
    // Names of events to ids; null without the column (every event), undefined when one is unknown.
    const namesToIds = (cell: string | null) => {
      if (cell === null) return null;
      const ids = cell
        .split(/[;,]/)
        .map(nameKey)
        .filter(Boolean)
        .map((n) => eventIds.get(n));
      return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
    };
    // No `eventos` column (an older file) or an empty cell: every event, as in Crear.
    const events = row.events?.trim() ? namesToIds(row.events) : null;
    let unknownEvent = events === undefined;
    const key = nameKey(row.primaryGuest);
    if (key) {
      if (seenNames.has(key)) problems.push("duplicateInFile");
      else seenNames.add(key);
      if (invited.has(key)) problems.push("alreadyInvited");
    }
    // The answer (decision 0067): a file without `status`, or a blank one, is pending as before.
    const status = (row.status ?? "").toLowerCase() || "pending";
    let answer: PlannedAnswer | undefined;
    if (status !== "pending" && status !== "confirmed" && status !== "declined") problems.push("unknownStatus");
    else if (status !== "pending") {
      const stamp = row.answeredAt ? new Date(row.answeredAt) : new Date();
      if (Number.isNaN(stamp.getTime())) problems.push("answeredAtInvalid");
      if (status === "declined") {
        const message = checkMessage(row.message);
        if (!message.ok) problems.push(message.error);
        else answer = { status, stamp: Number.isNaN(stamp.getTime()) ? "" : stamp.toISOString(), message: message.message };
      } else {
        const eventsOf = (cell: string | null) => {
          const ids = namesToIds(cell);
          if (ids === undefined) unknownEvent = true;
          return ids;
        };
        const planned = plannedYes(group, checked.ok ? checked.primaryGuest : row.primaryGuest, { eventIds: eventsOf, dishes, questions });
        answer = { ...planned, stamp: Number.isNaN(stamp.getTime()) ? "" : stamp.toISOString() };
      }
    }
    if (unknownEvent) problems.push("unknownEvent");
    const preview: ImportPreviewRow = {
      line: row.line,
      primaryGuest: row.primaryGuest,
      maxGuests: row.maxGuests,
      language: row.language,
      phone: row.phone,
      email: row.email,
      problems,
    };
    // Only a row without problems is written (and its answer checked by storing it); the contacts go
    // in as typed: createInvitations checks them again with the rest.
    plans.push({
      row: preview,
      answer,
      seats: checked.ok ? checked.maxGuests : 0,
      create:
        checked.ok && problems.length === 0
          ? {
              primaryGuest: checked.primaryGuest,
              maxGuests: checked.maxGuests,
              language: language as Language,
              phone: row.phone,
              email: row.email,
              events: events?.filter((id) => id !== WEDDING_EVENT_ID),
            }
          : undefined,
    });
  }
  // The capacity counts seats handed out (maxGuests), answered or not: an imported "yes" holds its seats as any other.
  const totalSeats = seatsBefore + plans.reduce((sum, p) => sum + p.seats, 0);
  return { ok: true as const, plans, totalSeats };
}

function previewOf(plans: readonly ImportPlan[], totalSeats: number): ImportPreview {
  const rows = plans.map((p) => p.row);
  return {
    rows,
    invitations: rows.length,
    totalSeats,
    capacity: TOTAL_CAPACITY,
    overCapacity: totalSeats > TOTAL_CAPACITY,
    ok: rows.length > 0 && rows.every((r) => r.problems.length === 0),
  };
}

/** Leaves the import's transaction with its outcome: nothing it wrote is kept (a preview, or a file with a problem). */
class RollBack extends Error {
  constructor(readonly result: ImportResult) {
    super("import rolled back");
  }
}

/**
 * Reads an import file and lists every row with its problems (dryRun), or creates all its
 * invitations, with the answers of its confirmed and declined rows, in one transaction; none when
 * any row has a problem. The answers are stored by the confirm flow's own rules (storeAnswer,
 * storeDecline) save the deadline, and e-mail nobody: the couple is importing their own list
 * (decision 0067). A preview runs the very same writes and rolls them back, so it finds every
 * problem the import would. New codes, as always: a code is not an identity. Going over the
 * capacity is a warning, never a refusal (as in the Crear form after its question).
 */
export async function importGuestList(csv: string, { dryRun }: { dryRun: boolean }): Promise<ImportResult> {
  return db()
    .transaction()
    .execute(async (trx): Promise<ImportResult> => {
      const planned = await planImport(csv, trx);
      if (!planned.ok) return planned;
      const { plans, totalSeats } = planned;
      const toCreate = plans.filter((p) => p.create);
      const created = await createInvitations(
        toCreate.map((p) => p.create!),
        trx,
      );
      // Every row passed the same check while planned; a failure here is a bug, and rolls everything back.
      if (!created.ok) throw new Error(`import row ${created.row} refused: ${created.error}`);
      for (const [i, plan] of toCreate.entries()) {
        const answer = plan.answer;
        if (!answer) continue;
        const id = created.ids[i];
        if (answer.status === "declined") {
          await storeDecline(trx, id, answer.stamp, answer.message);
          continue;
        }
        const row = { id, primary_guest: plan.create!.primaryGuest, max_guests: plan.create!.maxGuests };
        // Every check runs before storeAnswer writes: a refused row leaves the transaction as it was.
        const stored = await storeAnswer(trx, row, answer.guests, answer.extra, { stamp: answer.stamp });
        if (!stored.ok) plan.row.problems.push(stored.error);
      }
      const preview = previewOf(plans, totalSeats);
      if (dryRun) throw new RollBack({ ok: true, dryRun: true, preview });
      if (!preview.ok) throw new RollBack({ ok: false, error: "rowProblems", preview });
      return { ok: true, dryRun: false, preview, created: created.ids.length };
    })
    .catch((error: unknown) => {
      if (error instanceof RollBack) return error.result;
      throw error;
    });
}
