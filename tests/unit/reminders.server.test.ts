import { describe, expect, it } from "vitest";
import { confirmInvitation, createInvitation, declineInvitation, findInvitationById } from "~/models/invitations.server";
import { pendingInvitations, recordOpening, recordReminder } from "~/models/reminders.server";
import { filterInvitations } from "~/lib/invitation-filters";
import { useTestDatabase } from "./helpers/test-db";

async function make(primaryGuest: string, maxGuests = 1) {
  const created = await createInvitation({ primaryGuest, maxGuests });
  if (!created.ok) throw new Error(created.error);
  return created.invitation;
}

const at = (iso: string) => new Date(iso);

describe("the chase: openings, pending invitations, reminders", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("records the first opening once and moves the last one, at most once a minute", async () => {
    const inv = await make("Ana");
    expect(inv.openedFirstAt).toBeNull();
    await recordOpening(inv.id, at("2030-01-01T10:00:00.000Z"));
    let row = await findInvitationById(inv.id);
    expect([row?.openedFirstAt, row?.openedLastAt]).toEqual(["2030-01-01T10:00:00.000Z", "2030-01-01T10:00:00.000Z"]);
    // A reload within the minute writes nothing.
    await recordOpening(inv.id, at("2030-01-01T10:00:30.000Z"));
    row = await findInvitationById(inv.id);
    expect(row?.openedLastAt).toBe("2030-01-01T10:00:00.000Z");
    // Later: the last one moves, the first one stays.
    await recordOpening(inv.id, at("2030-01-03T18:45:00.000Z"));
    row = await findInvitationById(inv.id);
    expect([row?.openedFirstAt, row?.openedLastAt]).toEqual(["2030-01-01T10:00:00.000Z", "2030-01-03T18:45:00.000Z"]);
    // Another invitation is untouched.
    const other = await make("Eva");
    expect((await findInvitationById(other.id))?.openedFirstAt).toBeNull();
  });

  it("lists the invitations without an answer, newest first, and none after the deadline", async () => {
    const ana = await make("Ana", 2);
    const eva = await make("Eva");
    const luis = await make("Luis");
    await confirmInvitation(ana.code, ["Pablo"], at("2030-02-01T00:00:00Z"));
    await declineInvitation(eva.code, at("2030-02-01T00:00:00Z"));
    const marta = await make("Marta");
    expect((await pendingInvitations(at("2030-03-01T00:00:00Z"))).map((i) => i.primaryGuest)).toEqual(["Marta", "Luis"]);
    expect(await pendingInvitations(at("2030-12-18T05:00:00Z"))).toEqual([]);
    expect([luis.id, marta.id]).toHaveLength(2);
  });

  it("records a reminder: when, and one more each time", async () => {
    const inv = await make("Ana");
    expect([inv.remindedAt, inv.reminderCount]).toEqual([null, 0]);
    expect(await recordReminder(inv.id, at("2030-03-01T12:00:00.000Z"))).toEqual({ ok: true, remindedAt: "2030-03-01T12:00:00.000Z", reminderCount: 1 });
    await Promise.all([recordReminder(inv.id, at("2030-03-05T12:00:00.000Z")), recordReminder(inv.id, at("2030-03-05T12:00:00.000Z"))]);
    const row = await findInvitationById(inv.id);
    expect([row?.remindedAt, row?.reminderCount]).toEqual(["2030-03-05T12:00:00.000Z", 3]);
    expect((await pendingInvitations(at("2030-03-06T00:00:00Z")))[0]?.reminderCount).toBe(3);
  });

  it("records no reminder for an answered or missing invitation", async () => {
    const inv = await make("Ana");
    await declineInvitation(inv.code, at("2030-02-01T00:00:00Z"));
    expect(await recordReminder(inv.id)).toEqual({ ok: false, error: "notPending" });
    expect(await recordReminder(inv.id + 100)).toEqual({ ok: false, error: "notFound" });
    expect((await findInvitationById(inv.id))?.reminderCount).toBe(0);
  });
});

describe("'Abrieron sin responder' (filterInvitations)", () => {
  it("keeps the pending invitations a guest opened, and only those", () => {
    const inv = (code: string, status: "pending" | "confirmed" | "declined", openedFirstAt: string | null) => ({
      code,
      primaryGuest: code,
      status,
      openedFirstAt,
      guests: [],
    });
    const list = [
      inv("AAAAAA", "pending", "2030-01-01T00:00:00Z"),
      inv("BBBBBB", "pending", null),
      inv("CCCCCC", "confirmed", "2030-01-01T00:00:00Z"),
      inv("DDDDDD", "declined", "2030-01-01T00:00:00Z"),
    ];
    expect(filterInvitations(list, { status: "opened" }).map((i) => i.code)).toEqual(["AAAAAA"]);
    expect(filterInvitations(list, { status: "opened", q: "BBBB" })).toEqual([]);
    expect(filterInvitations(list, { status: "pending" }).map((i) => i.code)).toEqual(["AAAAAA", "BBBBBB"]);
  });
});
