import type { z } from "zod";
import { SEAT_VALUE, tablesTabSchema } from "~/lib/tables-schemas";
import type { AdminResult } from "~/lib/admin-schemas";
import { createTable, removeTable, seatGuests, seatingPlan, setTablesPublished, updateTable, type SeatError, type TableError } from "~/models/tables.server";
import { failed } from "~/http/admin/access.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";

/** 'Mesas': the whole plan (tables, people, warnings, totals, 'Publicar mesas'). */
export async function loadTablesTab() {
  return { plan: await attempt("seating plan", () => seatingPlan()) };
}

type TablesIntent = z.infer<typeof tablesTabSchema>["intent"];

const FAILED = "tables:failed";
const failures: Record<TablesIntent, string> = { addTable: FAILED, saveTable: FAILED, deleteTable: FAILED, seatGuests: FAILED, publishTables: FAILED };

const STATUS: Partial<Record<TableError | SeatError, number>> = { notFound: 404, nameTaken: 409 };
const refusal = (intent: TablesIntent, error: TableError | SeatError) => failed(intent, `tables:errors.${error}`, STATUS[error] ?? 400);

/** The field a table's refusal belongs to: its form shows it there (conform's shape: errors by field name). */
const FIELD: Partial<Record<TableError, "name" | "seats">> = { nameRequired: "name", nameTooLong: "name", nameTaken: "name", seatsOutOfRange: "seats" };

/**
 * A table's form refused: the message on its field, and what was sent (with the table's id for a
 * rename), so the form that sent it, and only that one, shows both again, with or without JavaScript.
 */
function tableRefusal(input: { intent: "addTable" | "saveTable"; id?: number; name?: string; seats?: string }, error: TableError): AdminResult {
  const key = `tables:errors.${error}`;
  const field = FIELD[error] ?? "";
  const sent = { name: input.name ?? "", seats: input.seats ?? "", ...(input.id === undefined ? {} : { id: String(input.id) }) };
  return { intent: input.intent, ok: false, status: STATUS[error] ?? 400, error: { [field]: [key] }, toast: { kind: "error", key }, initialValue: sent };
}

/** "12:3" → guest 12 at table 3; "12:" → guest 12 'Sin mesa' (the schema checked the shape). */
function movesOf(seat: readonly string[]) {
  return seat.map((value) => {
    const [, guest, table] = SEAT_VALUE.exec(value)!;
    return { guestId: Number(guest), tableId: table ? Number(table) : null };
  });
}

export const tablesTab: AdminScreenActions<TablesIntent> = {
  schema: tablesTabSchema,
  failures,
  handlers: {
    async addTable(input) {
      const result = await createTable(input);
      return result.ok ? done(input.intent, "tables:added") : tableRefusal(input, result.error);
    },
    async saveTable(input) {
      const result = await updateTable(input.id, input);
      return result.ok ? done(input.intent, "tables:saved") : tableRefusal(input, result.error);
    },
    async deleteTable(input) {
      if (!(await removeTable(input.id))) return refusal(input.intent, "notFound");
      return done(input.intent, "tables:deleted");
    },
    async seatGuests(input) {
      const moves = movesOf(input.seat);
      const result = await seatGuests(moves);
      if (result.ok) return done(input.intent, "tables:seatsSaved");
      // A refused plan comes back as it was chosen: each person's select shows what was sent.
      const refused: AdminResult = refusal(input.intent, result.error);
      return { ...refused, initialValue: Object.fromEntries(moves.map((m) => [`seat-${m.guestId}`, String(m.tableId ?? "")])) };
    },
    async publishTables(input) {
      await setTablesPublished(input.published);
      return done(input.intent, "tables:publishSaved");
    },
  },
};
