import { describe, expect, it } from "vitest";
import { attendeesOf, createEvent, eventStats, listEvents, listExtraEvents, moveEvent, removeEvent, updateEvent } from "~/models/events.server";
import { confirmInvitation, createInvitation, findInvitationById, getStats, updateInvitation } from "~/models/invitations.server";
import { useTestDatabase } from "./helpers/test-db";

describe("events (docs/decisions/0057-events.md)", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  async function event(nameEs: string) {
    const created = await createEvent({ nameEs, startsAt: "2026-01-16T19:00" });
    if (!created.ok) throw new Error(created.error);
    return created.event;
  }
  async function invitation(primaryGuest: string, maxGuests: number, events?: number[]) {
    const created = await createInvitation({ primaryGuest, maxGuests, events }, { allowOverCapacity: true });
    if (!created.ok) throw new Error(created.error);
    return created.invitation;
  }

  it("without events of the couple's, the wedding is the only event and everything reads as before", async () => {
    const inv = await invitation("Ana", 2);
    expect(inv.events).toEqual([0]);
    const answered = await confirmInvitation(inv.code, ["Luis"]);
    expect(answered.ok && answered.invitation.guests.map((g) => g.attends)).toEqual([[0], [0]]);
    expect((await getStats()).confirmedGuests).toBe(2);
    const [wedding] = await eventStats();
    expect(wedding.event.id).toBe(0);
    expect(wedding.totals).toEqual({ eventId: 0, confirmed: 2, declined: 0, pending: 0 });
  });

  it("adds, edits, reorders and removes the couple's events; the wedding stays first", async () => {
    const a = await event("Cena");
    const b = await event("Brunch");
    expect((await listEvents()).map((e) => e.nameEs)).toEqual(["Boda", "Cena", "Brunch"]);
    await moveEvent(b.id, "up");
    expect((await listExtraEvents()).map((e) => e.id)).toEqual([b.id, a.id]);
    expect(await updateEvent(a.id, { nameEs: "Cena de ensayo", nameEn: "Rehearsal dinner", startsAt: "2026-01-16T20:00", isPublic: true })).toMatchObject({
      ok: true,
    });
    expect((await listExtraEvents()).find((e) => e.id === a.id)).toMatchObject({ nameEn: "Rehearsal dinner", isPublic: true, startsAt: "2026-01-16T20:00" });
    expect(await updateEvent(a.id, { nameEs: "", startsAt: "2026-01-16T20:00" })).toEqual({ ok: false, error: "nameRequired" });
    expect(await removeEvent(b.id)).toBe(true);
    expect(await removeEvent(b.id)).toBe(false);
    expect((await listExtraEvents()).map((e) => e.id)).toEqual([a.id]);
    expect(await updateEvent(b.id, { nameEs: "X", startsAt: "2026-01-16T20:00" })).toEqual({ ok: false, error: "notFound" });
  });

  it("new invitations are invited to every event unless unticked; an unknown event is refused", async () => {
    const dinner = await event("Cena");
    const brunch = await event("Brunch");
    expect((await invitation("Ana", 1)).events).toEqual([0, dinner.id, brunch.id]);
    expect((await invitation("Eva", 1, [brunch.id])).events).toEqual([0, brunch.id]);
    expect(await createInvitation({ primaryGuest: "Zoe", maxGuests: 1, events: [999] })).toEqual({ ok: false, error: "unknownEvent" });
    const inv = await invitation("Raúl", 1, []);
    expect(inv.events).toEqual([0]);
    const edited = await updateInvitation(inv.id, { events: [dinner.id] });
    expect(edited.ok && edited.invitation.events).toEqual([0, dinner.id]);
  });

  it("a three-seat invitation answers per person; totals per event are exact; nobody attending anything is a no", async () => {
    const dinner = await event("Cena");
    const inv = await invitation("Ana", 3);
    const refused = await confirmInvitation(inv.code, [{ fullName: "Luis", attends: [777] }], undefined, { primaryAttends: [0] });
    expect(refused).toEqual({ ok: false, error: "notInvited" });
    expect((await findInvitationById(inv.id))?.status).toBe("pending");

    const answered = await confirmInvitation(
      inv.code,
      [
        { fullName: "Luis", attends: [dinner.id] },
        { fullName: "Eva", attends: [] },
      ],
      undefined,
      { primaryAttends: [0, dinner.id] },
    );
    expect(answered.ok && answered.invitation.guests.map((g) => [g.fullName, g.attends])).toEqual([
      ["Ana", [0, dinner.id]],
      ["Luis", [dinner.id]],
      ["Eva", []],
    ]);
    // Eva attends nothing: not counted as coming.
    expect((await getStats()).confirmedGuests).toBe(2);
    const pending = await invitation("Pepe", 2);
    const byEvent = await eventStats();
    expect(byEvent.map((s) => s.totals)).toEqual([
      { eventId: 0, confirmed: 1, declined: 2, pending: 2 },
      { eventId: dinner.id, confirmed: 2, declined: 1, pending: 2 },
    ]);
    expect(await attendeesOf(dinner.id)).toBe(2);

    const no = await confirmInvitation(pending.code, [{ fullName: "Rosa", attends: [] }], undefined, { primaryAttends: [] });
    expect(no.ok && no.invitation.status).toBe("declined");

    // A removed event keeps its answers out of the totals.
    await removeEvent(dinner.id);
    expect((await eventStats()).map((s) => s.event.id)).toEqual([0]);
    expect((await findInvitationById(inv.id))?.guests.map((g) => g.attends)).toEqual([[0], [], []]);
    expect((await getStats()).confirmedGuests).toBe(1);
  });

  it("an event added later invites the invitations still pending only", async () => {
    const pending = await invitation("Ana", 1);
    const answered = await invitation("Eva", 1);
    await confirmInvitation(answered.code, []);
    const dinner = await event("Cena");
    expect((await findInvitationById(pending.id))?.events).toEqual([0, dinner.id]);
    expect((await findInvitationById(answered.id))?.events).toEqual([0]);
  });
});
