import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { stringify } from "csv-stringify/sync";
import { displayPhone } from "./contacts";

/**
 * The guest list as a spreadsheet: the export's rows (one per guest) and the import's reader.
 * Pure: no database, no request. The rules a row must follow are the domain's
 * (app/models/guest-list.server.ts); this file only turns text into cells and back.
 */

/** Largest import file, and most data rows in it. */
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;

/** An invitation as the export needs it; status/dietary/message are the answer's fields (decision 0012). */
export interface GuestListInvitation {
  code: string;
  primaryGuest: string;
  maxGuests: number;
  language: string;
  status: "pending" | "confirmed" | "declined";
  message: string | null;
  answeredAt: string | null;
  /** E.164 digits without the '+' (app/lib/contacts.ts), or null. */
  phone: string | null;
  email: string | null;
  /** With events of the couple's (docs/decisions/0057-events.md): the names of the events it is invited to, and each person's. */
  events?: string[];
  /** `dish` (the dish's Spanish name) and `isChild` only on a site that uses the couple's menu (decision 0056). */
  guests: {
    fullName: string;
    isPrimary: boolean;
    dietary: string | null;
    attends?: string[];
    dish?: string | null;
    isChild?: boolean;
    /** This person's answers to the couple's questions asked per person: column (the question's Spanish text) → answer. */
    answers?: Record<string, string>;
  }[];
  /** The answers to the couple's questions asked once per invitation: column → answer (on each of its rows). */
  answers?: Record<string, string>;
}

/** The export's columns, in order (the API's field names, see ARCHITECTURE.md "Data"). */
export const EXPORT_COLUMNS = [
  "code",
  "link",
  "primaryGuest",
  "maxGuests",
  "language",
  "status",
  "guest",
  "isPrimary",
  "dietary",
  "message",
  "answeredAt",
  // The contacts (phone, e-mail), last so files and macros made for the older columns still line up.
  "phone",
  "email",
] as const;
/**
 * Added after every other column, only on a site that uses the couple's menu ('Menú'): each
 * person's dish (its Spanish name) and child mark (`yes`/`no`). A site without it exports the same
 * file as before.
 */
export const MENU_EXPORT_COLUMNS = ["dish", "child"] as const;
/**
 * Added last, only on a site with events of the couple's (a site without them exports what it
 * always did): the invitation's events (`eventos`) and the person's (`asistencia`), names joined by "; ".
 */
export const EVENT_COLUMNS = ["eventos", "asistencia"] as const;
export const EVENT_SEPARATOR = "; ";
export type ExportRow = Record<(typeof EXPORT_COLUMNS)[number], string> &
  Partial<Record<(typeof MENU_EXPORT_COLUMNS)[number] | (typeof EVENT_COLUMNS)[number], string>> &
  /** The couple's questions' columns (their Spanish texts), only when there are questions. */
  Partial<Record<string, string>>;

/**
 * One row per guest of the invitation; an invitation without guests yet (pending, declined)
 * still gets one row, with the guest columns empty, so every invitation is in the file.
 */
export function guestListRows(invitation: GuestListInvitation, link: string): ExportRow[] {
  const base = {
    code: invitation.code,
    link,
    primaryGuest: invitation.primaryGuest,
    maxGuests: String(invitation.maxGuests),
    language: invitation.language,
    status: invitation.status,
    message: invitation.message ?? "",
    answeredAt: invitation.answeredAt ?? "",
    // With its '+', so the import reads it back as the international number it is (without, it
    // would take DEFAULT_PHONE_COUNTRY again).
    phone: invitation.phone ? displayPhone(invitation.phone) : "",
    email: invitation.email ?? "",
  };
  const events = invitation.events ? { eventos: invitation.events.join(EVENT_SEPARATOR) } : {};
  const answers = invitation.answers ?? {};
  if (invitation.guests.length === 0)
    return [{ ...answers, ...base, ...events, guest: "", isPrimary: "", dietary: "", ...(invitation.events ? { asistencia: "" } : {}) }];
  return invitation.guests.map((g) => ({
    ...answers,
    ...g.answers,
    ...base,
    ...events,
    guest: g.fullName,
    isPrimary: g.isPrimary ? "yes" : "no",
    dietary: g.dietary ?? "",
    dish: g.dish ?? "",
    child: g.isChild ? "yes" : "no",
    ...(invitation.events ? { asistencia: (g.attends ?? []).join(EVENT_SEPARATOR) } : {}),
  }));
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe, so a guest's name can never execute in Excel or LibreOffice.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The CSV text: RFC 4180 (CRLF, quotes as needed), UTF-8 with a BOM so Excel reads accents right. */
export function guestListCsv(
  rows: readonly ExportRow[],
  { menu = false, events = false, questions = [] }: { menu?: boolean; events?: boolean; questions?: readonly string[] } = {},
): string {
  // The questions' columns last, only when there are questions: older files and macros keep their columns.
  const columns = [...EXPORT_COLUMNS, ...(menu ? MENU_EXPORT_COLUMNS : []), ...(events ? EVENT_COLUMNS : []), ...questions];
  return stringify(
    rows.map((r) => columns.map((c) => neutralizeCell(r[c] ?? ""))),
    { header: true, columns, record_delimiter: "\r\n", bom: true },
  );
}

/** The import template: the header and one example row. */
export function importTemplateCsv(): string {
  return stringify(
    [
      ["primaryGuest", "maxGuests", "language", "phone", "email"],
      ["Familia Pérez", "4", "es", "6123-4567", "familia.perez@example.com"],
      ["John Smith", "2", "en", "00 1 212 555 0123", ""],
    ],
    { record_delimiter: "\r\n", bom: true },
  );
}

/** One data row of an import file, as typed (trimmed), with its line in the file. */
export interface ImportRow {
  line: number;
  primaryGuest: string;
  maxGuests: string;
  language: string;
  /** The contacts as typed (columns phone and email, optional: older files have neither). */
  phone: string;
  email: string;
  /** The export's code column, when the file came from an export: its guest rows are one invitation. */
  code: string;
  /** The `eventos` column as typed (event names joined by ";"), or null when the file has none (older files: every event). */
  events: string | null;
  /**
   * The answer's columns of an exported file (decision 0067), as typed: `status` null when the file
   * has no such column (an older file or the template: every row pending); `attends` (`asistencia`)
   * null without the column; `answers` every other column by its header as written (the couple's
   * questions are headed by their Spanish texts).
   */
  status: string | null;
  answeredAt: string;
  message: string;
  guest: string;
  isPrimary: string;
  dietary: string;
  dish: string;
  child: string;
  attends: string | null;
  answers: Record<string, string>;
}

/** The columns the import reads by name; any other is offered as a question's answer. */
const KNOWN_COLUMNS = new Set([...EXPORT_COLUMNS, ...MENU_EXPORT_COLUMNS, ...EVENT_COLUMNS].map((c) => c.toLowerCase()));

export type ImportReadError = "empty" | "missingHeader" | "tooManyRows" | "unreadable";

/**
 * Longest record (characters) a row may take. A legitimate row, even an exported guest's with its
 * message and dietary note, is a few hundred characters; a file of one enormous field or with no line
 * break at all is refused when the parser reaches this, not after buffering the whole of it.
 */
const IMPORT_MAX_RECORD_CHARS = 16 * 1024;
/** The text is handed to the parser in slices this long, so it stops as soon as the rows run over. */
const IMPORT_SLICE_CHARS = 16 * 1024;

/**
 * Reads an import file: a header row naming primaryGuest and maxGuests (language, phone, email and
 * any other column optional, in any order, any case), then the rows. A BOM, `;` instead of `,` (Excel in
 * Spanish locales), quoted commas and line breaks, CRLF, blank lines and extra columns are fine.
 * The parser is fed slice by slice and left at data row IMPORT_MAX_ROWS + 1, so what an import
 * costs does not depend on how many rows the file holds (200,000 tiny rows used to be parsed,
 * each with its own info object, before the row count was checked; decision 0026).
 */
export async function readImportCsv(text: string): Promise<{ ok: true; rows: ImportRow[] } | { ok: false; error: ImportReadError }> {
  const body = text.replace(/^\uFEFF/, "");
  if (!body.trim()) return { ok: false, error: "empty" };
  const headerLine = body.slice(0, Math.min(IMPORT_MAX_RECORD_CHARS, body.search(/\r?\n|$/)));
  const delimiter = count(headerLine, ";") > count(headerLine, ",") ? ";" : ",";
  const parser = parse({
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    max_record_size: IMPORT_MAX_RECORD_CHARS,
    info: true,
  });
  const feed = Readable.from(slices(body), { objectMode: false });
  feed.on("error", () => parser.destroy());
  feed.pipe(parser);
  let header: string[] | null = null;
  const data: { record: string[]; line: number }[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) header = record;
      else if (data.push({ record, line: info.lines }) > IMPORT_MAX_ROWS) break;
    }
  } catch {
    return { ok: false, error: "unreadable" };
  } finally {
    feed.unpipe(parser);
    feed.destroy();
    parser.destroy();
  }
  if (!header) return { ok: false, error: "empty" };
  const names = header.map((h) => h.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name.toLowerCase());
  const nameAt = column("primaryGuest");
  const seatsAt = column("maxGuests");
  if (nameAt < 0 || seatsAt < 0) return { ok: false, error: "missingHeader" };
  if (data.length === 0) return { ok: false, error: "empty" };
  if (data.length > IMPORT_MAX_ROWS) return { ok: false, error: "tooManyRows" };
  const languageAt = column("language");
  const codeAt = column("code");
  const phoneAt = column("phone");
  const emailAt = column("email");
  const eventsAt = column("eventos");
  const statusAt = column("status");
  const attendsAt = column("asistencia");
  const otherColumns = header.flatMap((h, at) => (KNOWN_COLUMNS.has(names[at]) || !h.trim() ? [] : [[h.trim(), at] as const]));
  // A cell our own export neutralised ('=...) reads back as it was typed.
  const cell = (record: string[], at: number) => (at >= 0 ? (record[at] ?? "").trim().replace(/^'(?=[=+\-@\t\r])/, "") : "");
  return {
    ok: true,
    rows: data.map(({ record, line }) => ({
      status: statusAt >= 0 ? cell(record, statusAt) : null,
      answeredAt: cell(record, column("answeredAt")),
      message: cell(record, column("message")),
      guest: cell(record, column("guest")),
      isPrimary: cell(record, column("isPrimary")),
      dietary: cell(record, column("dietary")),
      dish: cell(record, column("dish")),
      child: cell(record, column("child")),
      attends: attendsAt >= 0 ? cell(record, attendsAt) : null,
      answers: Object.fromEntries(otherColumns.map(([name, at]) => [name, cell(record, at)])),
      line,
      primaryGuest: cell(record, nameAt),
      maxGuests: cell(record, seatsAt),
      language: cell(record, languageAt),
      phone: cell(record, phoneAt),
      email: cell(record, emailAt),
      code: cell(record, codeAt),
      events: eventsAt >= 0 ? cell(record, eventsAt) : null,
    })),
  };
}

/** The text in slices, never between the two halves of a surrogate pair (an emoji in a name). */
function* slices(text: string): Generator<string> {
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + IMPORT_SLICE_CHARS);
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1])) end++;
    yield text.slice(at, end);
    at = end;
  }
}

function count(text: string, char: string): number {
  let n = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (c === char && !quoted) n++;
  }
  return n;
}
