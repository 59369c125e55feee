import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { importGuestList } from "~/models/guest-list.server";
import { confirmInvitation, listInvitations } from "~/models/invitations.server";
import { CARDS_PER_PAGE, cardsPage } from "~/models/print-cards.server";
import { useTestDatabase } from "./helpers/test-db";

describe("the print sheet's pages (one request never holds every card)", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  async function invite(count: number) {
    // Two imports: the file has at most 1,000 rows; the capacity is only a warning.
    for (let from = 0; from < count; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - from) }, (_, i) => `Tarjeta ${String(from + i).padStart(4, "0")},1`);
      const created = await importGuestList(`primaryGuest,maxGuests\n${rows.join("\n")}\n`, { dryRun: false });
      if (!created.ok) throw new Error(created.error);
    }
  }

  it(`shows ${CARDS_PER_PAGE} cards a page, oldest first, and the last page the rest`, async () => {
    await invite(CARDS_PER_PAGE + 1);
    const first = await cardsPage({ page: 1, pendingOnly: false });
    expect(first).toMatchObject({ total: CARDS_PER_PAGE + 1, page: 1, pages: 2 });
    expect(first.cards).toHaveLength(CARDS_PER_PAGE);
    expect(first.cards[0].primaryGuest).toBe("Tarjeta 0000");
    const second = await cardsPage({ page: 2, pendingOnly: false });
    expect(second.cards.map((c) => c.primaryGuest)).toEqual([`Tarjeta ${String(CARDS_PER_PAGE).padStart(4, "0")}`]);
    // A page past the end (an old link) shows the last one; page 0 the first.
    expect((await cardsPage({ page: 99, pendingOnly: false })).page).toBe(2);
    expect((await cardsPage({ page: 0, pendingOnly: false })).page).toBe(1);
  });

  it("leaves out confirmed invitations when asked, and counts only the rest", async () => {
    await invite(3);
    const [oldest] = (await listInvitations()).reverse();
    await confirmInvitation(oldest.code, [oldest.primaryGuest]);
    const pending = await cardsPage({ page: 1, pendingOnly: true });
    expect(pending.total).toBe(2);
    expect(pending.cards.map((c) => c.primaryGuest)).toEqual(["Tarjeta 0001", "Tarjeta 0002"]);
    expect((await cardsPage({ page: 1, pendingOnly: false })).total).toBe(3);
  });

  it("with no invitations: one empty page", async () => {
    await db().deleteFrom("invitations").execute();
    expect(await cardsPage({ page: 3, pendingOnly: false })).toEqual({ cards: [], total: 0, page: 1, pages: 1 });
  });
});
