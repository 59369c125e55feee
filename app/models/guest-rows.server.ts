import type { Insertable, Transaction } from "kysely";
import type { Database, GuestTable } from "~/infra/db-schema";
import { foldText } from "~/lib/fold-text";

/** One person of a stored answer, the primary guest first. */
export interface AnswerPerson {
  fullName: string;
  dietary: string | null;
  dishId: number | null;
  isChild: boolean;
}

type AnswerRow = Pick<Insertable<GuestTable>, "full_name" | "dietary" | "is_primary" | "dish_id" | "is_child">;

const key = (name: string) => foldText(name);

/**
 * Replaces an invitation's people with `people` (the primary guest first), inside the caller's
 * transaction: the one home for writing an answer's rows, used by a confirmation, the guest's
 * 'Cambiar mi respuesta' and the couple's 'Editar respuesta'. A person whose name is unchanged
 * keeps their row, and with it what the couple set on it since (their table, their arrival); a new
 * name is a new row; a row whose name is no longer in the answer is removed (its events with it).
 * Returns each person's row id, in the answer's order.
 * The same name is the same person whatever its case, accents or spacing (foldText, as the door's search).
 */
export async function replaceAnswerRows(trx: Transaction<Database>, invitationId: number, people: readonly AnswerPerson[]): Promise<number[]> {
  const rows = await trx.selectFrom("guests").select(["id", "full_name"]).where("invitation_id", "=", invitationId).orderBy("id").execute();
  const byName = new Map<string, number>();
  for (const r of rows) if (!byName.has(key(r.full_name))) byName.set(key(r.full_name), r.id);
  const kept = new Set<number>();
  const added: (AnswerRow & { invitation_id: number })[] = [];
  // Each person's row id, in the answer's order (new people's filled in once inserted).
  const ids: (number | undefined)[] = [];
  const addedAt: number[] = [];
  for (const [i, person] of people.entries()) {
    const values: AnswerRow = {
      full_name: person.fullName,
      dietary: person.dietary,
      is_primary: i === 0 ? 1 : 0,
      dish_id: person.dishId,
      is_child: person.isChild ? 1 : 0,
    };
    const id = byName.get(key(person.fullName));
    if (id !== undefined && !kept.has(id)) {
      kept.add(id);
      ids.push(id);
      await trx.updateTable("guests").set(values).where("id", "=", id).execute();
    } else {
      ids.push(undefined);
      addedAt.push(i);
      added.push({ invitation_id: invitationId, ...values });
    }
  }
  // New people in one statement, in the answer's order.
  if (added.length > 0) {
    const inserted = await trx.insertInto("guests").values(added).returning("id").execute();
    inserted.forEach((row, k) => (ids[addedAt[k]] = Number(row.id)));
  }
  const gone = rows.map((r) => r.id).filter((id) => !kept.has(id));
  if (gone.length > 0) await trx.deleteFrom("guests").where("id", "in", gone).execute();
  return ids.map(Number);
}
