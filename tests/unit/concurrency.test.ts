import { describe, expect, it } from "vitest";
import { confirmInvitation, createInvitation, declineInvitation, findInvitationByCode, getStats, updateInvitation } from "~/models/invitations.server";
import { db } from "~/infra/db.server";
import { useTestDatabase } from "./helpers/test-db";

/**
 * Read-then-write rules (the capacity, "already answered") hold when requests arrive together.
 * On SQLite one connection serialises everything; on PostgreSQL (npm run test:unit:pg) each call
 * below runs on its own pooled connection at the same time, so these fail if transactions could
 * interleave (docs/decisions/0018-*).
 */
describe("requests at the same time", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  async function almostFull() {
    // 17 × 8 = 136 of the 140 seats.
    for (let i = 0; i < 17; i++) {
      const created = await createInvitation({ primaryGuest: `Lleno ${i}`, maxGuests: 8 });
      if (!created.ok) throw new Error(created.error);
    }
  }

  it("of ten invitations of 4 seats created at once with 4 seats left, exactly one is created", async () => {
    await almostFull();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => createInvitation({ primaryGuest: `Carrera ${i}`, maxGuests: 4 })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === "overCapacity")).toHaveLength(9);
    expect((await getStats()).totalGuests).toBe(140);
  });

  it("of eight invitations raised at once by 4 seats with 4 seats left, exactly one is raised", async () => {
    // 16 × 8 + 8 × 1 = 136 of the 140 seats.
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const created = await createInvitation({ primaryGuest: `Mesa ${i}`, maxGuests: i < 16 ? 8 : 1 });
      if (!created.ok) throw new Error(created.error);
      if (i >= 16) ids.push(created.invitation.id);
    }
    const raises = await Promise.all(ids.map((id) => updateInvitation(id, { maxGuests: 5 })));
    expect(raises.filter((r) => r.ok)).toHaveLength(1);
    expect(raises.filter((r) => !r.ok && r.error === "overCapacity")).toHaveLength(7);
    expect((await getStats()).totalGuests).toBe(140);
  });

  it("one invitation confirmed from five tabs at once keeps one answer and adds its guests once", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 3 });
    if (!created.ok) throw new Error(created.error);
    const code = created.invitation.code;
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => confirmInvitation(code, ["Ana", `Invitado ${i}`, `Otro ${i}`])));
    const first = results.filter((r) => r.ok && !r.alreadyConfirmed);
    expect(first).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.alreadyConfirmed)).toHaveLength(4);
    const stored = await findInvitationByCode(code);
    expect(stored?.guests).toHaveLength(3);
    const guests = await db().selectFrom("guests").select("id").execute();
    expect(guests).toHaveLength(3);
  });

  it("a yes and a no sent at once: one wins and the other is told it was already answered", async () => {
    const created = await createInvitation({ primaryGuest: "Eva", maxGuests: 2 });
    if (!created.ok) throw new Error(created.error);
    const code = created.invitation.code;
    const [yes, no] = await Promise.all([confirmInvitation(code, ["Eva", "Pablo"]), declineInvitation(code)]);
    const winners = [yes, no].filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    expect([yes, no].filter((r) => !r.ok && r.error === "alreadyAnswered")).toHaveLength(1);
    const stored = await findInvitationByCode(code);
    expect(stored?.status).toBe(yes.ok ? "confirmed" : "declined");
    expect(stored?.guests).toHaveLength(yes.ok ? 2 : 1);
  });
});
