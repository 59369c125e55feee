import { describe, expect, it } from "vitest";
import { TOTAL_CAPACITY } from "~/lib/constants";
import { computeStats, seatsLeft } from "~/lib/stats";
import { confirmInvitation, createInvitation, deleteGuest, deleteInvitation, getStats } from "~/models/invitations.server";
import { db } from "~/infra/db.server";
import { useTestDatabase } from "./helpers/test-db";

const stats = (seats: number, confirmedGuests: number, totalInvitations = 1, confirmedInvitations = 0) =>
  computeStats({ seats, confirmedGuests, totalInvitations, confirmedInvitations });

describe("computeStats (the arithmetic of the Estadísticas cards)", () => {
  it("no seats handed out: 0% rather than a division by zero", () => {
    expect(stats(0, 0, 0, 0)).toEqual({
      totalGuests: 0,
      confirmedGuests: 0,
      confirmedPercentage: 0,
      totalInvitations: 0,
      confirmedInvitations: 0,
      declinedInvitations: 0,
      declinedSeats: 0,
      pendingInvitations: 0,
      pendingSeats: 0,
      dietaryCount: 0,
      capacity: TOTAL_CAPACITY,
    });
    // Even with (inconsistent) confirmed names and no seats, never NaN or Infinity.
    expect(stats(0, 3).confirmedPercentage).toBe(0);
  });

  it("rounds the percentage to a whole number, halves up", () => {
    expect(stats(3, 1).confirmedPercentage).toBe(33); // 33.33…
    expect(stats(3, 2).confirmedPercentage).toBe(67); // 66.66…
    expect(stats(8, 1).confirmedPercentage).toBe(13); // 12.5
    expect(stats(200, 1).confirmedPercentage).toBe(1); // 0.5
    expect(stats(201, 1).confirmedPercentage).toBe(0); // 0.497…
    expect(stats(140, 139).confirmedPercentage).toBe(99); // 99.28…
    expect(stats(7, 7).confirmedPercentage).toBe(100);
    expect(Number.isInteger(stats(9, 4).confirmedPercentage)).toBe(true);
  });

  it("totalGuests is the seats handed out, shown against the capacity of 140", () => {
    const s = stats(150, 75, 20, 10);
    expect(s.totalGuests).toBe(150);
    expect(s.capacity).toBe(140);
    expect(s.confirmedPercentage).toBe(50);
    expect(seatsLeft(150)).toBe(-10);
    expect(seatsLeft(0)).toBe(TOTAL_CAPACITY);
  });
});

describe("getStats (from the database)", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  async function make(primaryGuest: string, maxGuests: number) {
    const created = await createInvitation({ primaryGuest, maxGuests });
    if (!created.ok) throw new Error(created.error);
    return created.invitation;
  }

  it("is all zeros on an empty site", async () => {
    expect(await getStats()).toEqual({
      totalGuests: 0,
      confirmedGuests: 0,
      confirmedPercentage: 0,
      totalInvitations: 0,
      confirmedInvitations: 0,
      declinedInvitations: 0,
      declinedSeats: 0,
      pendingInvitations: 0,
      pendingSeats: 0,
      dietaryCount: 0,
      capacity: 140,
    });
  });

  it("counts seats, confirmed names and invitations; pending seats count as handed out", async () => {
    const family = await make("Familia Uno", 4);
    const single = await make("Sola Dos", 1);
    await make("Pendiente Tres", 3);
    expect((await confirmInvitation(family.code, ["Familia Uno", "Hija Uno"])).ok).toBe(true);
    expect((await confirmInvitation(single.code, ["Sola Dos"])).ok).toBe(true);
    // 8 seats, 3 names on 2 confirmed invitations: 37.5% → 38.
    expect(await getStats()).toMatchObject({ totalGuests: 8, confirmedGuests: 3, confirmedPercentage: 38, totalInvitations: 3, confirmedInvitations: 2 });
  });

  it("names stored on an invitation that is not confirmed are not counted as confirmed", async () => {
    const inv = await make("Sin Confirmar", 2);
    await db().insertInto("guests").values({ invitation_id: inv.id, full_name: "Sin Confirmar", is_primary: 1 }).execute();
    expect(await getStats()).toMatchObject({ totalGuests: 2, confirmedGuests: 0, confirmedPercentage: 0, confirmedInvitations: 0 });
  });

  it("follows deletions: a deleted guest frees a seat, a deleted invitation takes its seats and names", async () => {
    const a = await make("Ana", 3);
    const b = await make("Beto", 1);
    expect((await confirmInvitation(a.code, ["Ana", "Carla", "Dani"])).ok).toBe(true);
    expect((await confirmInvitation(b.code, ["Beto"])).ok).toBe(true);
    expect(await getStats()).toMatchObject({ totalGuests: 4, confirmedGuests: 4, confirmedPercentage: 100 });
    const carla = await db().selectFrom("guests").select("id").where("full_name", "=", "Carla").executeTakeFirstOrThrow();
    expect((await deleteGuest(carla.id)).ok).toBe(true);
    expect(await getStats()).toMatchObject({ totalGuests: 3, confirmedGuests: 3, confirmedPercentage: 100 });
    expect(await deleteInvitation(b.id)).toBe(true);
    expect(await getStats()).toMatchObject({ totalGuests: 2, confirmedGuests: 2, totalInvitations: 1, confirmedInvitations: 1 });
  });
});
