import type { Transaction } from "kysely";
import { guestListCsv, guestListRows, readImportCsv, type GuestListInvitation, type ImportReadError } from "~/lib/guest-list-csv";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, TOTAL_CAPACITY, type Language } from "~/lib/constants";
import { personalLink } from "~/lib/personal-link";
import { cleanName } from "~/lib/rsvp";
import { WEDDING_EVENT_ID } from "~/lib/events";
import { listEvents, listExtraEvents } from "~/models/events.server";
import { resources } from "~/locales";
import { db } from "~/infra/db.server";
import { listDishes, menuSettings } from "~/models/menu.server";
import { listQuestions } from "~/models/guest-questions.server";
import { answerText, type GuestQuestion } from "~/lib/guest-questions";
import type { Database } from "~/infra/db-schema";
import {
  createInvitations,
  listInvitations,
  validateInvitationInput,
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

export type ImportRowProblem = InvitationInputError | "unknownLanguage" | "duplicateInFile" | "alreadyInvited" | "unknownEvent";

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

async function previewRows(csv: string, executor: Transaction<Database> | ReturnType<typeof db>) {
  const read = await readImportCsv(csv);
  if (!read.ok) return read;
  const existing = await executor.selectFrom("invitations").select(["primary_guest", "max_guests"]).execute();
  const invited = new Set(existing.map((r) => nameKey(r.primary_guest)));
  const seatsBefore = existing.reduce((sum, r) => sum + r.max_guests, 0);
  // `eventos`: event names (any case, Spanish or English; the wedding's too, always implied) to the couple's ids.
  // Read in the caller's transaction (the import's): the wedding's names are the texts', not the store's.
  const eventIds = new Map<string, number>([resources.es.events.wedding, resources.en.events.wedding].map((name) => [nameKey(name), WEDDING_EVENT_ID]));
  for (const e of await listExtraEvents(executor)) for (const name of [e.nameEs, e.nameEn]) if (name) eventIds.set(nameKey(name), e.id);

  const seenNames = new Map<string, string>(); // name → the code (or line) of the invitation that has it
  const seenCodes = new Set<string>();
  const rows: ImportPreviewRow[] = [];
  const toCreate: NewInvitation[] = [];
  for (const row of read.rows) {
    // Rows of one exported invitation (one per guest) share its code: the first one stands for it.
    if (row.code && seenCodes.has(row.code)) continue;
    if (row.code) seenCodes.add(row.code);
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
    // No `eventos` column (an older file) or an empty cell: every event, as in Crear.
    const named = (row.events ?? "").split(/[;,]/).map(nameKey).filter(Boolean);
    const events = named.length > 0 ? named.map((n) => eventIds.get(n)) : undefined;
    if (events?.some((id) => id === undefined)) problems.push("unknownEvent");
    const key = nameKey(row.primaryGuest);
    if (key) {
      if (seenNames.has(key)) problems.push("duplicateInFile");
      else seenNames.set(key, row.code || String(row.line));
      if (invited.has(key)) problems.push("alreadyInvited");
    }
    rows.push({
      line: row.line,
      primaryGuest: row.primaryGuest,
      maxGuests: row.maxGuests,
      language: row.language,
      phone: row.phone,
      email: row.email,
      problems,
    });
    // The contacts go in as typed: createInvitations checks them again with the rest.
    if (checked.ok)
      toCreate.push({
        primaryGuest: checked.primaryGuest,
        maxGuests: checked.maxGuests,
        language: language as Language,
        phone: row.phone,
        email: row.email,
        events: events?.filter((id): id is number => id !== undefined && id !== WEDDING_EVENT_ID),
      });
  }
  const totalSeats = seatsBefore + toCreate.reduce((sum, r) => sum + r.maxGuests, 0);
  const preview: ImportPreview = {
    rows,
    invitations: rows.length,
    totalSeats,
    capacity: TOTAL_CAPACITY,
    overCapacity: totalSeats > TOTAL_CAPACITY,
    ok: rows.length > 0 && rows.every((r) => r.problems.length === 0),
  };
  return { ok: true as const, preview, toCreate };
}

/**
 * Reads an import file and lists every row with its problems (dryRun), or creates all its
 * invitations in one transaction, or none when any row has a problem. Going over the capacity
 * is a warning, never a refusal (as in the Crear form after its question).
 */
export async function importGuestList(csv: string, { dryRun }: { dryRun: boolean }): Promise<ImportResult> {
  if (dryRun) {
    const checked = await previewRows(csv, db());
    return checked.ok ? { ok: true, dryRun: true, preview: checked.preview } : checked;
  }
  return db()
    .transaction()
    .execute(async (trx): Promise<ImportResult> => {
      // Checked again inside the transaction: the list may have changed since the preview.
      const checked = await previewRows(csv, trx);
      if (!checked.ok) return checked;
      if (!checked.preview.ok) return { ok: false, error: "rowProblems", preview: checked.preview };
      const created = await createInvitations(checked.toCreate, trx);
      // Every row passed the same check just above; a failure here is a bug, and rolls everything back.
      if (!created.ok) throw new Error(`import row ${created.row} refused: ${created.error}`);
      return { ok: true, dryRun: false, preview: checked.preview, created: created.ids.length };
    });
}
