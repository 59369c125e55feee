import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { createEvent } from "~/models/events.server";
import { confirmInvitation, createInvitation } from "~/models/invitations.server";
import { answerWebhookBody, type AnswerNotice } from "~/models/notifications.server";
import { useTestDatabase } from "./helpers/test-db";

describe("the couple's notification names each person's events (docs/decisions/0057-events.md)", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", NOTIFY_URL: "https://hooks.example.com/wedding" });

  async function notices(): Promise<AnswerNotice[]> {
    const rows = await db().selectFrom("outbox").select("payload").execute();
    return rows.map((r) => JSON.parse(r.payload) as AnswerNotice);
  }

  it("without events the notice is as before; with them each person's events are named", async () => {
    const plain = await createInvitation({ primaryGuest: "Eva", maxGuests: 1 });
    if (!plain.ok) throw new Error(plain.error);
    await confirmInvitation(plain.invitation.code, []);
    expect((await notices())[0].guests).toEqual([{ fullName: "Eva", dietary: null }]);

    const dinner = await createEvent({ nameEs: "Cena de ensayo", startsAt: "2026-01-16T19:00" });
    if (!dinner.ok) throw new Error(dinner.error);
    const ana = await createInvitation({ primaryGuest: "Ana", maxGuests: 2 });
    if (!ana.ok) throw new Error(ana.error);
    await confirmInvitation(ana.invitation.code, [{ fullName: "Luis", attends: [] }], undefined, { primaryAttends: [0, dinner.event.id] });
    const notice = (await notices())[1];
    expect(notice.guests).toEqual([
      { fullName: "Ana", dietary: null, events: ["Boda", "Cena de ensayo"] },
      { fullName: "Luis", dietary: null, events: [] },
    ]);
    const body = await answerWebhookBody([notice], "answer", "es");
    expect(body.text).toContain("- Ana — Boda, Cena de ensayo");
    expect(body.text).toContain("- Luis — no asistirá a ningún evento");
    expect(body.answers[0].guests[0].events).toEqual(["Boda", "Cena de ensayo"]);
  });
});
