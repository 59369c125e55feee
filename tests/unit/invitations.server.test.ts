import { describe, expect, it } from "vitest";
import {
  confirmInvitation,
  createInvitation,
  deleteGuest,
  deleteInvitation,
  findInvitationByCode,
  getStats,
  listInvitations,
  updateInvitation,
} from "~/models/invitations.server";
import { db } from "~/infra/db.server";
import { useTestDatabase } from "./helpers/test-db";

describe("invitations (open RSVP)", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  async function make(primaryGuest: string, maxGuests: number) {
    // Some tests hand out more than the 140 seats on purpose (load); the capacity has its own tests.
    const created = await createInvitation({ primaryGuest, maxGuests }, { allowOverCapacity: true });
    if (!created.ok) throw new Error(created.error);
    return created.invitation;
  }

  it("creates an invitation with a unique code, found in any case", async () => {
    const inv = await make("  Ana   García ", 3);
    expect(inv.primaryGuest).toBe("Ana García");
    expect(inv.confirmed).toBe(false);
    expect(inv.guests).toEqual([]);
    const found = await findInvitationByCode(inv.code.toLowerCase());
    expect(found?.id).toBe(inv.id);
    expect(await findInvitationByCode("ZZZZZZ")).toBeNull();
    expect(await findInvitationByCode("'; DROP TABLE invitations; --")).toBeNull();
  });

  it("refuses a blank primary guest and seats outside 1..8", async () => {
    expect(await createInvitation({ primaryGuest: "  ", maxGuests: 2 })).toEqual({ ok: false, error: "primaryGuestRequired" });
    expect(await createInvitation({ primaryGuest: "Ana", maxGuests: 0 })).toEqual({ ok: false, error: "maxGuestsOutOfRange" });
    expect(await createInvitation({ primaryGuest: "Ana", maxGuests: 9 })).toEqual({ ok: false, error: "maxGuestsOutOfRange" });
    expect(await createInvitation({ primaryGuest: "Ana", maxGuests: 2.5 })).toEqual({ ok: false, error: "maxGuestsOutOfRange" });
    expect(await listInvitations()).toEqual([]);
  });

  it("confirms with the primary guest first and the additional names after", async () => {
    const inv = await make("Ana", 3);
    const result = await confirmInvitation(inv.code, ["Luis", ""]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.alreadyConfirmed).toBe(false);
    expect(result.invitation.confirmed).toBe(true);
    expect(result.invitation.guests.map((g) => [g.fullName, g.isPrimary])).toEqual([
      ["Ana", true],
      ["Luis", false],
    ]);
  });

  it("a second confirmation changes nothing", async () => {
    const inv = await make("Ana", 3);
    await confirmInvitation(inv.code, ["Luis"]);
    const again = await confirmInvitation(inv.code, ["Eva", "Pablo"]);
    expect(again.ok && again.alreadyConfirmed).toBe(true);
    const stored = await findInvitationByCode(inv.code);
    expect(stored?.guests.map((g) => g.fullName)).toEqual(["Ana", "Luis"]);
  });

  it("20 concurrent confirmations of one invitation store the guests once", async () => {
    const inv = await make("Ana", 4);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => confirmInvitation(inv.code, [`Guest ${i}`])));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.alreadyConfirmed)).toHaveLength(1);
    const stored = await findInvitationByCode(inv.code);
    expect(stored?.guests).toHaveLength(2);
  });

  it("200 invitations confirmed concurrently each keep exactly their guests", async () => {
    const invitations = await Promise.all(Array.from({ length: 200 }, (_, i) => make(`Primary ${i}`, 2)));
    await Promise.all(invitations.map((inv, i) => confirmInvitation(inv.code, [`Extra ${i}`])));
    const all = await listInvitations();
    expect(all.every((inv) => inv.confirmed)).toBe(true);
    for (const inv of all) {
      const n = inv.primaryGuest.replace("Primary ", "");
      expect(inv.guests.map((g) => g.fullName)).toEqual([`Primary ${n}`, `Extra ${n}`]);
    }
    const { count } = await db()
      .selectFrom("guests")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(400);
  });

  it("validation failures store nothing", async () => {
    const inv = await make("Ana", 2);
    expect(await confirmInvitation(inv.code, [])).toEqual({ ok: false, error: "additionalRequired" });
    expect(await confirmInvitation(inv.code, ["Luis", "Eva"])).toEqual({ ok: false, error: "tooMany" });
    expect(await confirmInvitation("NOPE22", ["Luis"])).toEqual({ ok: false, error: "notFound" });
    const stored = await findInvitationByCode(inv.code);
    expect(stored?.confirmed).toBe(false);
    expect(stored?.guests).toEqual([]);
  });

  it("deleting an additional guest frees a seat; the primary guest cannot be deleted", async () => {
    const inv = await make("Ana", 3);
    const confirmed = await confirmInvitation(inv.code, ["Luis"]);
    if (!confirmed.ok) throw new Error("not confirmed");
    const [primary, luis] = confirmed.invitation.guests;
    expect(await deleteGuest(primary.id)).toEqual({ ok: false, error: "primaryGuest" });
    expect(await deleteGuest(luis.id)).toEqual({ ok: true, invitationId: inv.id });
    const after = await findInvitationByCode(inv.code);
    expect(after?.maxGuests).toBe(2);
    expect(after?.guests.map((g) => g.fullName)).toEqual(["Ana"]);
    expect(await deleteGuest(999999)).toEqual({ ok: false, error: "notFound" });
  });

  it("seats cannot go below the guests already confirmed", async () => {
    const inv = await make("Ana", 3);
    await confirmInvitation(inv.code, ["Luis", "Eva"]);
    expect(await updateInvitation(inv.id, { maxGuests: 2 })).toEqual({ ok: false, error: "belowConfirmed" });
    const renamed = await updateInvitation(inv.id, { primaryGuest: "Ana María", maxGuests: 4 });
    expect(renamed.ok && renamed.invitation.guests[0].fullName).toBe("Ana María");
    expect(await updateInvitation(12345, { maxGuests: 2 })).toEqual({ ok: false, error: "notFound" });
  });

  it("deleting an invitation removes its guests", async () => {
    const inv = await make("Ana", 2);
    await confirmInvitation(inv.code, ["Luis"]);
    expect(await deleteInvitation(inv.id)).toBe(true);
    expect(await deleteInvitation(inv.id)).toBe(false);
    const { count } = await db()
      .selectFrom("guests")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });

  it("statistics: seats handed out, confirmed names, rounded percentage", async () => {
    expect(await getStats()).toMatchObject({ totalGuests: 0, confirmedGuests: 0, confirmedPercentage: 0, totalInvitations: 0, confirmedInvitations: 0 });
    const a = await make("Ana", 3);
    await make("Luis", 1);
    await make("Eva", 2);
    await confirmInvitation(a.code, ["Pablo"]);
    // 2 confirmed names of 6 seats = 33.33 % → 33
    expect(await getStats()).toMatchObject({
      totalGuests: 6,
      confirmedGuests: 2,
      confirmedPercentage: 33,
      totalInvitations: 3,
      confirmedInvitations: 1,
      capacity: 140,
    });
  });
});

describe("invitations after the deadline", () => {
  useTestDatabase({ RSVP_DEADLINE: "2025-12-17T23:59:59-05:00" });

  it("the server refuses to confirm, whatever the browser says", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 1 });
    if (!created.ok) throw new Error(created.error);
    expect(await confirmInvitation(created.invitation.code, [])).toEqual({ ok: false, error: "closed" });
    expect((await findInvitationByCode(created.invitation.code))?.confirmed).toBe(false);
  });
});
