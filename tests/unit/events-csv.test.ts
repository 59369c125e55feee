import { describe, expect, it } from "vitest";
import { createEvent } from "~/models/events.server";
import { exportGuestList, importGuestList } from "~/models/guest-list.server";
import { confirmInvitation, createInvitation, deleteInvitation, listInvitations } from "~/models/invitations.server";
import { useTestDatabase } from "./helpers/test-db";

describe("the guest list's events (column eventos; docs/decisions/0057-events.md)", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("a site without events exports the columns it always did", async () => {
    await createInvitation({ primaryGuest: "Ana", maxGuests: 1 });
    const csv = await exportGuestList("https://boda.example.com");
    expect(csv.split("\r\n")[0]).toBe("\uFEFFcode,link,primaryGuest,maxGuests,language,status,guest,isPrimary,dietary,message,answeredAt,phone,email");
  });

  it("exports each invitation's events and each person's, and imports them back; older files still import", async () => {
    const dinner = await createEvent({ nameEs: "Cena de ensayo", nameEn: "Rehearsal dinner", startsAt: "2026-01-16T19:00" });
    const brunch = await createEvent({ nameEs: "Brunch", startsAt: "2026-01-18T10:00" });
    if (!dinner.ok || !brunch.ok) throw new Error("events");
    const ana = await createInvitation({ primaryGuest: "Ana Ruiz", maxGuests: 2, events: [dinner.event.id] });
    if (!ana.ok) throw new Error(ana.error);
    await confirmInvitation(ana.invitation.code, [{ fullName: "Luis Ruiz", attends: [dinner.event.id] }], undefined, { primaryAttends: [0] });

    const csv = await exportGuestList("https://boda.example.com");
    expect(csv.split("\r\n")[0]).toMatch(/,email,eventos,asistencia$/);
    expect(csv).toContain(",Ana Ruiz,yes,");
    expect(csv).toMatch(/Boda; Cena de ensayo,Boda\r\n/);
    expect(csv).toMatch(/Boda; Cena de ensayo,Cena de ensayo\r\n/);

    await deleteInvitation(ana.invitation.id);
    expect(await importGuestList(csv, { dryRun: false })).toMatchObject({ ok: true, created: 1 });
    const old = "primaryGuest,maxGuests\r\nEva Soto,2\r\n";
    expect(await importGuestList(old, { dryRun: false })).toMatchObject({ ok: true, created: 1 });
    const byName = new Map((await listInvitations()).map((i) => [i.primaryGuest, i.events]));
    expect(byName.get("Ana Ruiz")).toEqual([0, dinner.event.id]);
    expect(byName.get("Eva Soto")).toEqual([0, dinner.event.id, brunch.event.id]);

    const unknown = await importGuestList("primaryGuest,maxGuests,eventos\r\nPepe,1,Boda; Fiesta\r\n", { dryRun: true });
    expect(unknown.ok && unknown.preview.rows[0].problems).toEqual(["unknownEvent"]);
    // English names and any case match too.
    const english = await importGuestList("primaryGuest,maxGuests,eventos\r\nRosa,1,rehearsal DINNER\r\n", { dryRun: false });
    expect(english).toMatchObject({ ok: true, created: 1 });
    expect((await listInvitations()).find((i) => i.primaryGuest === "Rosa")?.events).toEqual([0, dinner.event.id]);
  });
});
