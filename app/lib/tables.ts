import { normalizeName } from "./names";

/**
 * The seating plan's ('Mesas') limits and its pure checks, shared by the admin's forms (their
 * maxLength, min, max) and the server (app/models/tables.server.ts, which enforces them). Pure.
 */
export const MAX_TABLE_NAME_LENGTH = 60;
export const MIN_TABLE_SEATS = 1;
export const MAX_TABLE_SEATS = 50;
/** More tables than any wedding sets (the venue seats TOTAL_CAPACITY): a bound, not a rule people meet. */
export const MAX_TABLES = 200;

export type TableInputError = "nameRequired" | "nameTooLong" | "seatsOutOfRange";

/** 'Nombre o número' (required, at most 60 characters, normalised like every name) and 'Puestos' (a whole number 1–50). */
export function checkTable(input: {
  name?: string | null;
  seats?: number | string | null;
}): { ok: true; name: string; seats: number } | { ok: false; error: TableInputError } {
  const name = normalizeName(input.name ?? "");
  if (!name) return { ok: false, error: "nameRequired" };
  if (name.length > MAX_TABLE_NAME_LENGTH) return { ok: false, error: "nameTooLong" };
  const raw = input.seats;
  const seats = typeof raw === "string" ? (/^\s*\d{1,4}\s*$/.test(raw) ? Number(raw) : NaN) : Number(raw);
  if (!Number.isInteger(seats) || seats < MIN_TABLE_SEATS || seats > MAX_TABLE_SEATS) return { ok: false, error: "seatsOutOfRange" };
  return { ok: true, name, seats };
}

/** The first word of a name, as the guest's page lists the others at their table ('Con: Ana, Luis'). */
export function firstName(name: string): string {
  return normalizeName(name).split(" ")[0] ?? "";
}
