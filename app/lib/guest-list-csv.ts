import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

/**
 * The guest list as a spreadsheet: the export's rows (one per guest) and the import's reader.
 * Pure: no database, no request. The rules a row must follow are the domain's
 * (app/models/guest-list.server.ts); this file only turns text into cells and back.
 */

/** Largest import file, and most data rows in it. */
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;

/** An invitation as the export needs it; status/dietary/message are issue 12's fields. */
export interface GuestListInvitation {
  code: string;
  primaryGuest: string;
  maxGuests: number;
  language: string;
  status: "pending" | "confirmed" | "declined";
  message: string | null;
  answeredAt: string | null;
  guests: { fullName: string; isPrimary: boolean; dietary: string | null }[];
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
] as const;
export type ExportRow = Record<(typeof EXPORT_COLUMNS)[number], string>;

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
  };
  if (invitation.guests.length === 0) return [{ ...base, guest: "", isPrimary: "", dietary: "" }];
  return invitation.guests.map((g) => ({ ...base, guest: g.fullName, isPrimary: g.isPrimary ? "yes" : "no", dietary: g.dietary ?? "" }));
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading apostrophe, so a guest's name can never execute in Excel or LibreOffice.
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The CSV text: RFC 4180 (CRLF, quotes as needed), UTF-8 with a BOM so Excel reads accents right. */
export function guestListCsv(rows: readonly ExportRow[]): string {
  return stringify(
    rows.map((r) => EXPORT_COLUMNS.map((c) => neutralizeCell(r[c]))),
    { header: true, columns: [...EXPORT_COLUMNS], record_delimiter: "\r\n", bom: true },
  );
}

/** The import template: the header and one example row. */
export function importTemplateCsv(): string {
  return stringify(
    [
      ["primaryGuest", "maxGuests", "language"],
      ["Familia Pérez", "4", "es"],
      ["John Smith", "2", "en"],
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
  /** The export's code column, when the file came from an export: its guest rows are one invitation. */
  code: string;
}

export type ImportReadError = "empty" | "missingHeader" | "tooManyRows" | "unreadable";

/**
 * Reads an import file: a header row naming primaryGuest and maxGuests (language and any other
 * column optional, in any order, any case), then the rows. A BOM, `;` instead of `,` (Excel in
 * Spanish locales), quoted commas and line breaks, CRLF, blank lines and extra columns are fine.
 */
export function readImportCsv(text: string): { ok: true; rows: ImportRow[] } | { ok: false; error: ImportReadError } {
  const body = text.replace(/^\uFEFF/, "");
  if (!body.trim()) return { ok: false, error: "empty" };
  const headerLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = count(headerLine, ";") > count(headerLine, ",") ? ";" : ",";
  let records: { record: string[]; line: number }[];
  try {
    const parsed = parse(body, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    records = parsed.map((r) => ({ record: r.record, line: r.info.lines }));
  } catch {
    return { ok: false, error: "unreadable" };
  }
  const [header, ...data] = records;
  if (!header) return { ok: false, error: "empty" };
  const names = header.record.map((h) => h.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name.toLowerCase());
  const nameAt = column("primaryGuest");
  const seatsAt = column("maxGuests");
  if (nameAt < 0 || seatsAt < 0) return { ok: false, error: "missingHeader" };
  if (data.length === 0) return { ok: false, error: "empty" };
  if (data.length > IMPORT_MAX_ROWS) return { ok: false, error: "tooManyRows" };
  const languageAt = column("language");
  const codeAt = column("code");
  // A cell our own export neutralised ('=...) reads back as it was typed.
  const cell = (record: string[], at: number) => (at >= 0 ? (record[at] ?? "").trim().replace(/^'(?=[=+\-@\t\r])/, "") : "");
  return {
    ok: true,
    rows: data.map(({ record, line }) => ({
      line,
      primaryGuest: cell(record, nameAt),
      maxGuests: cell(record, seatsAt),
      language: cell(record, languageAt),
      code: cell(record, codeAt),
    })),
  };
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
