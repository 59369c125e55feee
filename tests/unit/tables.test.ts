import { describe, expect, it } from "vitest";
import { checkTable, firstName } from "~/lib/tables";
import { confirmInvitation, createInvitation, findInvitationById, updateInvitation } from "~/models/invitations.server";
import { createDish, setGuestChoices, setMenuSettings } from "~/models/menu.server";
import {
  createTable,
  guestSeating,
  listTables,
  removeTable,
  seatGuests,
  seatingPlan,
  setTablesPublished,
  tablesPublished,
  updateTable,
} from "~/models/tables.server";
import { db } from "~/infra/db.server";
import { useTestDatabase } from "./helpers/test-db";

/** The seating plan ('Mesas'): its pure checks, then the store's rules (app/models/tables.server.ts). */

describe("table rules", () => {
  it("a table needs a name of at most 60 characters and 1–50 whole seats", () => {
    expect(checkTable({ name: "  Mesa  3 ", seats: "8" })).toEqual({ ok: true, name: "Mesa 3", seats: 8 });
    expect(checkTable({ name: " \u200b", seats: 8 })).toEqual({ ok: false, error: "nameRequired" });
    expect(checkTable({ name: "x".repeat(61), seats: 8 })).toEqual({ ok: false, error: "nameTooLong" });
    expect(checkTable({ name: "x".repeat(60), seats: 50 })).toMatchObject({ ok: true });
    for (const seats of [0, 51, 2.5, "", "1e1", "-3", "ocho"]) expect(checkTable({ name: "Mesa", seats })).toEqual({ ok: false, error: "seatsOutOfRange" });
  });

  it("the first name is the first word", () => {
    expect(firstName("  Ana María López ")).toBe("Ana");
  });
});

async function confirmed(primaryGuest: string, others: string[] = []) {
  const created = await createInvitation({ primaryGuest, maxGuests: others.length + 1 });
  if (!created.ok) throw new Error("not created");
  const answer = await confirmInvitation(created.invitation.code, others);
  if (!answer.ok) throw new Error(answer.error);
  return answer.invitation;
}

async function table(name: string, seats: number) {
  const created = await createTable({ name, seats });
  if (!created.ok) throw new Error(created.error);
  return created.table;
}

describe("the seating plan", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("creates tables with a 128-bit token each, refuses bad input, renames and changes seats", async () => {
    const a = await table("Mesa 1", 8);
    const b = await table("Mesa 2", 10);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.token).not.toBe(b.token);
    expect(await createTable({ name: "", seats: 8 })).toEqual({ ok: false, error: "nameRequired" });
    expect(await createTable({ name: "Mesa 3", seats: 51 })).toEqual({ ok: false, error: "seatsOutOfRange" });
    expect(await updateTable(a.id, { name: "Mesa de los novios", seats: 12 })).toEqual({ ok: true });
    expect(await updateTable(a.id, { name: "Mesa", seats: 0 })).toEqual({ ok: false, error: "seatsOutOfRange" });
    expect(await updateTable(9999, { name: "Mesa", seats: 4 })).toEqual({ ok: false, error: "notFound" });
    expect((await listTables()).map((t) => [t.name, t.seats, t.token])).toEqual([
      ["Mesa de los novios", 12, a.token],
      ["Mesa 2", 10, b.token],
    ]);
  });

  it("a name already used by another table is refused (trimmed, whatever its case), in create and in rename; a table keeps its own name", async () => {
    const one = await table("Mesa 1", 8);
    const two = await table("Mesa 2", 6);
    for (const name of ["Mesa 1", "  mesa   1 ", "MESA 1"]) expect(await createTable({ name, seats: 4 })).toEqual({ ok: false, error: "nameTaken" });
    expect(await createTable({ name: "Mésa 1", seats: 4 })).toMatchObject({ ok: true });
    expect(await updateTable(two.id, { name: " mesa 1", seats: 6 })).toEqual({ ok: false, error: "nameTaken" });
    // Its own name, or a change of its case, is no clash; the seats change with it.
    expect(await updateTable(one.id, { name: "Mesa 1", seats: 10 })).toEqual({ ok: true });
    expect(await updateTable(one.id, { name: "MESA 1", seats: 10 })).toEqual({ ok: true });
    expect((await listTables()).map((t) => [t.name, t.seats])).toEqual([
      ["MESA 1", 10],
      ["Mesa 2", 6],
      ["Mésa 1", 4],
    ]);
  });

  it("tables already sharing a name (kept from before the rule) still read, rename and seat people", async () => {
    // Written straight into the store, as an older database may hold them.
    for (const token of ["dup-a", "dup-b"]) await db().insertInto("seating_tables").values({ name: "Mesa 1", seats: 8, token, position: 1 }).execute();
    const [a, b] = await listTables();
    const garcia = await confirmed("Ana García");
    expect(await seatGuests([{ guestId: garcia.guests[0].id, tableId: b.id }])).toEqual({ ok: true, moved: 1 });
    expect((await seatingPlan()).tables.map((t) => [t.name, t.people.length])).toEqual([
      ["Mesa 1", 0],
      ["Mesa 1", 1],
    ]);
    // Either may keep its (shared) name while its seats change; a new name must be free.
    expect(await updateTable(a.id, { name: "Mesa 1", seats: 6 })).toEqual({ ok: true });
    expect(await updateTable(a.id, { name: "Mesa 1 bis", seats: 6 })).toEqual({ ok: true });
    expect(await updateTable(b.id, { name: "mesa 1 BIS", seats: 9 })).toEqual({ ok: false, error: "nameTaken" });
    expect(await updateTable(b.id, { name: "Mesa 1", seats: 9 })).toEqual({ ok: true });
    expect((await listTables()).map((t) => [t.name, t.seats])).toEqual([
      ["Mesa 1 bis", 6],
      ["Mesa 1", 9],
    ]);
  });

  it("seats people of confirmed invitations; unknown people or tables and unconfirmed people are refused, nothing stored", async () => {
    const garcia = await confirmed("Ana García", ["Luis García"]);
    const pending = await createInvitation({ primaryGuest: "Sin Respuesta", maxGuests: 1 });
    if (!pending.ok) throw new Error();
    const t = await table("Mesa 1", 8);
    const [ana, luis] = garcia.guests;
    expect(
      await seatGuests([
        { guestId: ana.id, tableId: t.id },
        { guestId: 99999, tableId: t.id },
      ]),
    ).toEqual({ ok: false, error: "unknownGuest" });
    expect(
      await seatGuests([
        { guestId: ana.id, tableId: t.id },
        { guestId: luis.id, tableId: 99999 },
      ]),
    ).toEqual({ ok: false, error: "unknownTable" });
    expect((await seatingPlan()).seated).toBe(0);
    expect(
      await seatGuests([
        { guestId: ana.id, tableId: t.id },
        { guestId: luis.id, tableId: t.id },
      ]),
    ).toEqual({ ok: true, moved: 2 });
    const plan = await seatingPlan();
    expect(plan.tables[0].people.map((p) => p.name)).toEqual(["Ana García", "Luis García"]);
    expect(plan.tables[0].free).toBe(6);
    expect([plan.seated, plan.confirmed]).toEqual([2, 2]);
    expect(await seatGuests([{ guestId: luis.id, tableId: null }])).toEqual({ ok: true, moved: 1 });
    expect((await seatingPlan()).unseated.map((p) => p.name)).toEqual(["Luis García"]);
    // A declined invitation's person keeps a row (the primary guest) but cannot be seated.
    const declined = await confirmed("No Viene");
    expect(await updateInvitation(declined.id, { status: "declined" })).toMatchObject({ ok: true });
    const noViene = (await findInvitationById(declined.id))!.guests[0];
    expect(await seatGuests([{ guestId: noViene.id, tableId: t.id }])).toEqual({ ok: false, error: "notConfirmed" });
    expect(await seatGuests([{ guestId: noViene.id, tableId: null }])).toMatchObject({ ok: true });
  });

  it("removing a table sends its people back to 'Sin mesa'", async () => {
    const garcia = await confirmed("Ana García", ["Luis García"]);
    const t = await table("Mesa 1", 8);
    await seatGuests(garcia.guests.map((g) => ({ guestId: g.id, tableId: t.id })));
    expect(await removeTable(t.id)).toBe(true);
    expect(await removeTable(t.id)).toBe(false);
    const plan = await seatingPlan();
    expect(plan.tables).toEqual([]);
    expect(plan.unseated.map((p) => p.name)).toEqual(["Ana García", "Luis García"]);
    const inv = (await findInvitationById(garcia.id))!;
    expect(inv.guests).toHaveLength(2);
  });

  it("shows each person's dish and child mark; totals count confirmed people only", async () => {
    const carne = await createDish({ name: "Carne", nameEn: "Meat" });
    if (!carne.ok) throw new Error();
    const inv = await confirmed("Eva Ruiz", ["Leo Ruiz"]);
    await setMenuSettings({ askMenu: true, askChildren: true });
    await setGuestChoices(
      inv.id,
      new Map([
        [inv.guests[0].id, { dish: String(carne.dish.id) }],
        [inv.guests[1].id, { dish: String(carne.dish.id), child: "on" }],
      ]),
    );
    await createInvitation({ primaryGuest: "Pendiente", maxGuests: 3 });
    const plan = await seatingPlan();
    expect(plan.unseated.map((p) => [p.name, p.dish?.name, p.isChild])).toEqual([
      ["Eva Ruiz", "Carne", false],
      ["Leo Ruiz", "Carne", true],
    ]);
    expect([plan.seated, plan.confirmed]).toEqual([0, 2]);
  });

  it("warns of a table over its seats, an invitation split across tables and someone seated whose invitation no longer comes, without blocking", async () => {
    const big = await confirmed("Familia Grande", ["Uno", "Dos"]);
    const t1 = await table("Mesa 3", 2);
    const t2 = await table("Mesa 4", 8);
    expect(await seatGuests(big.guests.map((g) => ({ guestId: g.id, tableId: t1.id })))).toMatchObject({ ok: true });
    let plan = await seatingPlan();
    expect(plan.warnings).toEqual([{ kind: "overfull", table: "Mesa 3", people: 3, seats: 2 }]);
    expect(plan.tables[0].free).toBe(0);
    await seatGuests([{ guestId: big.guests[2].id, tableId: t2.id }]);
    plan = await seatingPlan();
    expect(plan.warnings).toEqual([{ kind: "split", invitation: "Familia Grande", tables: ["Mesa 3", "Mesa 4"] }]);
    // The couple sets it back to "will not attend": the primary guest's row stays, with its table.
    expect(await updateInvitation(big.id, { status: "declined" })).toMatchObject({ ok: true });
    // A whole plan saved from a page loaded before that: their place sent back unchanged is no refusal; another table is.
    expect(await seatGuests([{ guestId: big.guests[0].id, tableId: t1.id }])).toMatchObject({ ok: true });
    expect(await seatGuests([{ guestId: big.guests[0].id, tableId: t2.id }])).toEqual({ ok: false, error: "notConfirmed" });
    plan = await seatingPlan();
    expect(plan.warnings).toEqual([{ kind: "notComing", guestId: big.guests[0].id, name: "Familia Grande", invitation: "Familia Grande", table: "Mesa 3" }]);
    expect(plan.tables[0].people).toEqual([]);
    expect([plan.seated, plan.confirmed]).toEqual([0, 0]);
    // Its button moves them to 'Sin mesa' through the same rule: allowed for someone not coming.
    expect(await seatGuests([{ guestId: big.guests[0].id, tableId: null }])).toMatchObject({ ok: true });
    expect((await seatingPlan()).warnings).toEqual([]);
  });

  it("a person keeps their table across a re-answer when their name stays the same (case and accents aside)", async () => {
    const inv = await confirmed("José Pérez", ["María Núñez", "Pablo"]);
    const t1 = await table("Mesa 1", 8);
    const t2 = await table("Mesa 2", 8);
    await seatGuests([
      { guestId: inv.guests[0].id, tableId: t1.id },
      { guestId: inv.guests[1].id, tableId: t2.id },
      { guestId: inv.guests[2].id, tableId: t2.id },
    ]);
    // 'Editar respuesta' changes dishes and child marks in place: every place stays.
    expect(await setGuestChoices(inv.id, new Map([[inv.guests[2].id, { child: "on" }]]))).toEqual({ ok: true });
    expect((await seatingPlan()).seated).toBe(3);
    // Set back to pending by the couple, then answered again: the guest rows are written anew.
    expect(await updateInvitation(inv.id, { status: "pending" })).toMatchObject({ ok: true });
    const again = await confirmInvitation(inv.code, ["maria nunez", "Pedro"]);
    if (!again.ok) throw new Error(again.error);
    const plan = await seatingPlan();
    const at = (id: number) => plan.tables.find((t) => t.id === id)!.people.map((p) => p.name);
    expect(at(t1.id)).toEqual(["José Pérez"]);
    // María's row was removed by 'back to pending' (only the primary guest's stays), so she starts 'Sin mesa'.
    expect(plan.unseated.map((p) => p.name).sort()).toEqual(["Pedro", "maria nunez"]);
  });

  it("keeps the table of a person a new confirmation names again", async () => {
    // A pending invitation whose primary guest was already placed (seated while confirmed, then set back).
    const inv = await confirmed("Ángela Sáez");
    const t1 = await table("Mesa 1", 8);
    await seatGuests([{ guestId: inv.guests[0].id, tableId: t1.id }]);
    await updateInvitation(inv.id, { status: "pending" });
    const again = await confirmInvitation(inv.code, []);
    if (!again.ok) throw new Error(again.error);
    expect((await seatingPlan()).tables[0].people.map((p) => p.name)).toEqual(["Ángela Sáez"]);
  });

  it("a guest's page names their table and the others' first names only once 'Publicar mesas' is on", async () => {
    const ana = await confirmed("Ana López", ["Marta López"]);
    const luis = await confirmed("Luis Gómez", ["Carla Gómez"]);
    const no = await createInvitation({ primaryGuest: "Pepe Pendiente", maxGuests: 1 });
    if (!no.ok) throw new Error();
    const t1 = await table("Mesa 1", 8);
    const t2 = await table("Mesa 2", 8);
    expect(await tablesPublished()).toBe(false);
    await seatGuests([...ana.guests, ...luis.guests].map((g) => ({ guestId: g.id, tableId: t1.id })));
    expect(await guestSeating(ana.id)).toBeNull();
    await setTablesPublished(true);
    expect(await guestSeating(ana.id)).toEqual([{ table: "Mesa 1", people: ["Ana López", "Marta López"], others: ["Luis", "Carla"] }]);
    // Split: each person's table.
    await seatGuests([{ guestId: ana.guests[1].id, tableId: t2.id }]);
    expect(await guestSeating(ana.id)).toEqual([
      { table: "Mesa 1", people: ["Ana López"], others: ["Luis", "Carla"] },
      { table: "Mesa 2", people: ["Marta López"], others: [] },
    ]);
    await seatGuests(ana.guests.map((g) => ({ guestId: g.id, tableId: null })));
    expect(await guestSeating(ana.id)).toBeNull();
    expect(await guestSeating(no.invitation.id)).toBeNull();
    await setTablesPublished(false);
    expect(await guestSeating(luis.id)).toBeNull();
  });
});
