import { describe, expect, it } from "vitest";
import { filterInvitations } from "~/lib/invitation-filters";
import { buildAnswer, buildGuestList, cleanMessage, MAX_DIETARY_LENGTH, MAX_MESSAGE_LENGTH } from "~/lib/rsvp";
import { db } from "~/infra/db.server";
import {
  confirmInvitation,
  createInvitation,
  declineInvitation,
  findInvitationById,
  getStats,
  listDietaryNotes,
  updateInvitation,
} from "~/models/invitations.server";
import { useTestDatabase } from "./helpers/test-db";

/** Answers (decision 0012): decline, dietary needs, a message, and the admin's edits (the rules, then the store). */

describe("buildAnswer (the whole 'yes')", () => {
  it("keeps each guest's dietary note trimmed, blank as none, and the primary guest's note first", () => {
    const answer = buildAnswer("Ana Pérez", 3, {
      guests: [
        { fullName: " Luis ", dietary: "  vegetariano  " },
        { fullName: "Eva", dietary: "   " },
      ],
      primaryDietary: "sin gluten",
      message: "  ¡Felicidades!  ",
    });
    expect(answer).toEqual({
      ok: true,
      guests: [
        { fullName: "Ana Pérez", dietary: "sin gluten" },
        { fullName: "Luis", dietary: "vegetariano" },
        { fullName: "Eva", dietary: null },
      ],
      message: "¡Felicidades!",
    });
  });

  it("takes the primary guest's note from the list when the primary guest is sent with one (the API's shape)", () => {
    const answer = buildAnswer("Ana", 2, { guests: [{ fullName: "ana", dietary: "vegana" }, { fullName: "Luis" }] });
    expect(answer.ok && answer.guests).toEqual([
      { fullName: "Ana", dietary: "vegana" },
      { fullName: "Luis", dietary: null },
    ]);
  });

  it("refuses a dietary note over 120 characters and a message over 500, after trimming", () => {
    const long = "x".repeat(MAX_DIETARY_LENGTH + 1);
    expect(buildAnswer("Ana", 1, { guests: [], primaryDietary: long })).toEqual({ ok: false, error: "dietaryTooLong" });
    expect(buildAnswer("Ana", 2, { guests: [{ fullName: "Luis", dietary: long }] })).toEqual({ ok: false, error: "dietaryTooLong" });
    expect(buildAnswer("Ana", 1, { guests: [], primaryDietary: `  ${"x".repeat(MAX_DIETARY_LENGTH)}  ` }).ok).toBe(true);
    expect(buildAnswer("Ana", 1, { guests: [], message: "m".repeat(MAX_MESSAGE_LENGTH + 1) })).toEqual({ ok: false, error: "messageTooLong" });
    expect(buildAnswer("Ana", 1, { guests: [], message: ` ${"m".repeat(MAX_MESSAGE_LENGTH)}\n ` }).ok).toBe(true);
  });

  it("keeps the spec's guest-list rules (buildGuestList is the same rule)", () => {
    expect(buildAnswer("Ana", 3, { guests: [{ fullName: " " }] })).toEqual({ ok: false, error: "additionalRequired" });
    expect(buildGuestList("Ana", 2, ["Luis", "Eva"])).toEqual({ ok: false, error: "tooMany" });
    expect(buildGuestList("Ana", 1, [])).toEqual({ ok: true, guests: ["Ana"] });
  });

  it("a message keeps its line breaks (one blank line at most) and counts a Windows line break as one character", () => {
    expect(cleanMessage("Hola\r\n\r\n\r\n¡Nos vemos!  ")).toBe("Hola\n\n¡Nos vemos!");
    expect(cleanMessage(" \n ")).toBeNull();
  });
});

describe("filterInvitations (the admin's search and filters)", () => {
  const list = [
    { code: "ABCDEF", primaryGuest: "Lucía Pardo", status: "confirmed" as const, guests: [{ fullName: "Lucía Pardo" }, { fullName: "Mateo Ruiz" }] },
    { code: "XYZWVU", primaryGuest: "Familia Soto", status: "pending" as const, guests: [] },
    { code: "KLMNPQ", primaryGuest: "Tío Ramón", status: "declined" as const, guests: [] },
  ];
  it("filters by status, searches names (any case or accent, guests too) and codes", () => {
    expect(filterInvitations(list, {}).map((i) => i.code)).toEqual(["ABCDEF", "XYZWVU", "KLMNPQ"]);
    expect(filterInvitations(list, { status: "declined" }).map((i) => i.code)).toEqual(["KLMNPQ"]);
    expect(filterInvitations(list, { status: "pending" }).map((i) => i.code)).toEqual(["XYZWVU"]);
    expect(filterInvitations(list, { q: "lucia" }).map((i) => i.code)).toEqual(["ABCDEF"]);
    expect(filterInvitations(list, { q: "mateo" }).map((i) => i.code)).toEqual(["ABCDEF"]);
    expect(filterInvitations(list, { q: "xyzw" }).map((i) => i.code)).toEqual(["XYZWVU"]);
    expect(filterInvitations(list, { q: "soto", status: "confirmed" })).toEqual([]);
    expect(filterInvitations(list, { status: "bogus" })).toHaveLength(3);
  });
});

describe("answers in the store", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });
  const afterDeadline = new Date("2031-01-01T00:00:00Z");

  async function make(primaryGuest: string, maxGuests: number) {
    const created = await createInvitation({ primaryGuest, maxGuests });
    if (!created.ok) throw new Error(created.error);
    return created.invitation;
  }

  it("a new invitation is pending, with no message", async () => {
    const inv = await make("Ana", 2);
    expect(inv).toMatchObject({ status: "pending", confirmed: false, message: null, answeredAt: null });
  });

  it("confirming stores each guest's dietary note and the message, and the answer time", async () => {
    const inv = await make("Ana", 3);
    const done = await confirmInvitation(inv.code, [{ fullName: "Luis", dietary: "alergia a nueces" }], undefined, {
      primaryDietary: "vegetariana",
      message: "¡Allí estaremos!",
    });
    expect(done.ok).toBe(true);
    const stored = await findInvitationById(inv.id);
    expect(stored).toMatchObject({ status: "confirmed", confirmed: true, message: "¡Allí estaremos!", answeredAt: expect.any(String) });
    expect(stored?.guests.map((g) => [g.fullName, g.dietary])).toEqual([
      ["Ana", "vegetariana"],
      ["Luis", "alergia a nueces"],
    ]);
  });

  it("a too-long note changes nothing", async () => {
    const inv = await make("Ana", 1);
    expect(await confirmInvitation(inv.code, [], undefined, { primaryDietary: "x".repeat(121) })).toEqual({ ok: false, error: "dietaryTooLong" });
    expect(await confirmInvitation(inv.code, [], undefined, { message: "x".repeat(501) })).toEqual({ ok: false, error: "messageTooLong" });
    expect(await findInvitationById(inv.id)).toMatchObject({ status: "pending", guests: [] });
  });

  it("declining stores the 'no'; declining again answers the same; nothing after the deadline", async () => {
    const inv = await make("Ana", 4);
    const first = await declineInvitation(inv.code.toLowerCase());
    expect(first).toMatchObject({ ok: true, alreadyDeclined: false, invitation: { status: "declined", confirmed: false, guests: [] } });
    expect((await declineInvitation(inv.code)).ok && (await declineInvitation(inv.code))).toMatchObject({ alreadyDeclined: true });
    const late = await make("Tarde", 1);
    expect(await declineInvitation(late.code, afterDeadline)).toEqual({ ok: false, error: "closed" });
    expect((await findInvitationById(late.id))?.status).toBe("pending");
    expect(await declineInvitation("ZZZZZZ")).toEqual({ ok: false, error: "notFound" });
  });

  it("a stale tab cannot change an answer: no decline once confirmed, no confirmation once declined", async () => {
    const yes = await make("Sí", 1);
    await confirmInvitation(yes.code, []);
    expect(await declineInvitation(yes.code)).toEqual({ ok: false, error: "alreadyAnswered" });
    expect((await findInvitationById(yes.id))?.status).toBe("confirmed");

    const no = await make("No", 2);
    await declineInvitation(no.code);
    expect(await confirmInvitation(no.code, ["Luis"])).toEqual({ ok: false, error: "alreadyAnswered" });
    expect(await findInvitationById(no.id)).toMatchObject({ status: "declined", guests: [] });
  });

  it("the admin sets an answer back to pending: additional guests removed, the guest can answer again", async () => {
    const inv = await make("Ana", 3);
    await confirmInvitation(inv.code, ["Luis", "Eva"], undefined, { message: "Hola" });
    const reset = await updateInvitation(inv.id, { status: "pending" });
    expect(reset.ok && reset.invitation).toMatchObject({ status: "pending", confirmed: false, message: null, answeredAt: null });
    expect(reset.ok && reset.invitation.guests.map((g) => g.fullName)).toEqual(["Ana"]);
    const again = await confirmInvitation(inv.code, ["Mara"]);
    expect(again.ok && again.invitation.guests.map((g) => g.fullName)).toEqual(["Ana", "Mara"]);
  });

  it("the admin marks 'No asistirá', and can lower the seats in the same edit; never below the guests who remain", async () => {
    const inv = await make("Ana", 4);
    await confirmInvitation(inv.code, ["Luis", "Eva", "Mara"]);
    expect(await updateInvitation(inv.id, { maxGuests: 2 })).toEqual({ ok: false, error: "belowConfirmed" });
    const declined = await updateInvitation(inv.id, { maxGuests: 1, status: "declined", primaryGuest: "Ana María" });
    expect(declined.ok && declined.invitation).toMatchObject({ status: "declined", maxGuests: 1, primaryGuest: "Ana María", answeredAt: expect.any(String) });
    expect(declined.ok && declined.invitation.guests.map((g) => g.fullName)).toEqual(["Ana María"]);
  });

  it("a refused edit changes nothing, the answer included (one transaction)", async () => {
    const inv = await make("Ana", 3);
    await confirmInvitation(inv.code, ["Luis"]);
    await db().updateTable("invitations").set({ max_guests: 3 }).where("id", "=", inv.id).execute();
    const refused = await updateInvitation(inv.id, { status: "pending", maxGuests: 0 });
    expect(refused).toEqual({ ok: false, error: "maxGuestsOutOfRange" });
    expect((await findInvitationById(inv.id))?.status).toBe("confirmed");
  });

  it("statistics count declined and pending invitations with their seats, and the guests with a dietary note", async () => {
    const coming = await make("Viene", 3);
    const notComing = await make("No Viene", 4);
    await make("Sin Respuesta", 2);
    await confirmInvitation(coming.code, [{ fullName: "Luis", dietary: "vegano" }, { fullName: "Eva" }], undefined, { primaryDietary: "celíaca" });
    await declineInvitation(notComing.code);
    expect(await getStats()).toMatchObject({
      totalGuests: 9,
      confirmedGuests: 3,
      totalInvitations: 3,
      confirmedInvitations: 1,
      declinedInvitations: 1,
      declinedSeats: 4,
      pendingInvitations: 1,
      pendingSeats: 2,
      dietaryCount: 2,
    });
    expect(await listDietaryNotes()).toEqual([
      { guest: "Viene", primaryGuest: "Viene", dietary: "celíaca" },
      { guest: "Luis", primaryGuest: "Viene", dietary: "vegano" },
    ]);
  });

  it("a row written with only the spec's `confirmed` column still reads as confirmed", async () => {
    const inv = await make("Legacy", 1);
    await db().updateTable("invitations").set({ confirmed: 1 }).where("id", "=", inv.id).execute();
    expect(await findInvitationById(inv.id)).toMatchObject({ status: "confirmed", confirmed: true });
    expect(await getStats()).toMatchObject({ confirmedInvitations: 1, pendingInvitations: 0 });
  });
});
