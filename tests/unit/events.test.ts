import { describe, expect, it } from "vitest";
import { asksPerEvent, attendanceByName, checkEventInput, eventIn, eventTotals, eventsFor, isDecline, readAttendance, wallClock } from "~/lib/events";

describe("an event's fields (checkEventInput)", () => {
  const base = { nameEs: " Cena  de ensayo ", startsAt: "2026-01-16T19:00" };
  it("keeps a Spanish name and a real wall clock; blanks are none", () => {
    const checked = checkEventInput({ ...base, nameEn: " ", place: "  ", latitude: "", longitude: "" });
    expect(checked).toEqual({
      ok: true,
      value: {
        nameEs: "Cena de ensayo",
        nameEn: null,
        startsAt: "2026-01-16T19:00",
        place: null,
        address: null,
        latitude: null,
        longitude: null,
        descriptionEs: null,
        descriptionEn: null,
        isPublic: false,
      },
    });
  });
  it("refuses a missing name, an impossible date, half a position, overlong texts", () => {
    expect(checkEventInput({ ...base, nameEs: "  " })).toEqual({ ok: false, error: "nameRequired" });
    expect(checkEventInput({ ...base, startsAt: "2026-02-30T19:00" })).toEqual({ ok: false, error: "dateInvalid" });
    expect(checkEventInput({ ...base, startsAt: "mañana" })).toEqual({ ok: false, error: "dateInvalid" });
    expect(checkEventInput({ ...base, latitude: "8.9" })).toEqual({ ok: false, error: "positionInvalid" });
    expect(checkEventInput({ ...base, latitude: "91", longitude: "0" })).toEqual({ ok: false, error: "positionInvalid" });
    expect(checkEventInput({ ...base, nameEn: "x".repeat(81) })).toEqual({ ok: false, error: "nameTooLong" });
    expect(checkEventInput({ ...base, descriptionEs: "x".repeat(1001) })).toEqual({ ok: false, error: "descriptionTooLong" });
    const placed = checkEventInput({ ...base, latitude: "8,98", longitude: "-79.52" });
    expect(placed.ok && [placed.value.latitude, placed.value.longitude]).toEqual([8.98, -79.52]);
    expect(wallClock("2026-01-16T19:00:00")).toBe("2026-01-16T19:00");
  });
});

describe("who sees which events", () => {
  const events = [
    { id: 0, isPublic: true },
    { id: 3, isPublic: false },
    { id: 5, isPublic: true },
  ];
  it("an invitation sees the wedding and the events it is invited to; no invitation, the wedding and the public ones", () => {
    expect(eventsFor(events, [0, 3]).map((e) => e.id)).toEqual([0, 3]);
    expect(eventsFor(events, null).map((e) => e.id)).toEqual([0, 5]);
  });
  it("asks per event only with more than the wedding", () => {
    expect(asksPerEvent([0])).toBe(false);
    expect(asksPerEvent([0, 3])).toBe(true);
  });
  it("shows the English name and description, or the Spanish ones", () => {
    const e = { id: 1, nameEs: "Cena", nameEn: null, descriptionEs: "Rica", descriptionEn: "Tasty" } as Parameters<typeof eventIn>[0];
    expect(eventIn(e, "en")).toEqual({ name: "Cena", description: "Tasty" });
    expect(eventIn(e, "es")).toEqual({ name: "Cena", description: "Rica" });
  });
});

describe("each person's events (readAttendance, attendanceByName)", () => {
  it("groups the boxes by person and refuses an event not invited to", () => {
    expect(readAttendance(["0:0", "0:3", "1:3", "2:0"], [0, 3], 3)).toEqual({ ok: true, byPerson: [[0, 3], [3], [0]] });
    expect(readAttendance(["0:7"], [0, 3], 1)).toEqual({ ok: false, error: "notInvited" });
    expect(readAttendance(["x"], [0, 3], 1)).toEqual({ ok: false, error: "notInvited" });
    // A name left blank: its boxes mean nothing.
    expect(readAttendance(["4:0"], [0, 3], 2)).toEqual({ ok: true, byPerson: [[], []] });
  });
  it("matches names as the answer keeps them", () => {
    const lookup = attendanceByName([
      { fullName: " Luis  Pérez", attends: [3] },
      { fullName: "luis pérez", attends: [0] },
    ]);
    expect(lookup("Luis Pérez")).toEqual([3]);
    expect(lookup("Ana")).toBeUndefined();
  });
  it("nobody attending anything is a no", () => {
    expect(isDecline([{ attends: [] }, { attends: [] }])).toBe(true);
    expect(isDecline([{ attends: [] }, { attends: [3] }])).toBe(false);
  });
});

describe("per-event totals (eventTotals)", () => {
  it("counts people attending, not attending, and pending seats, only where invited", () => {
    const totals = eventTotals(
      [0, 3],
      [
        { status: "confirmed", maxGuests: 3, events: [0, 3], people: [{ attends: [0, 3] }, { attends: [0] }, { attends: [3] }] },
        { status: "declined", maxGuests: 2, events: [0, 3], people: [{ attends: [0] }] },
        { status: "pending", maxGuests: 4, events: [0], people: [] },
        { status: "confirmed", maxGuests: 1, events: [0], people: [{ attends: [0] }] },
      ],
    );
    expect(totals).toEqual([
      { eventId: 0, confirmed: 3, declined: 3, pending: 4 },
      { eventId: 3, confirmed: 2, declined: 3, pending: 0 },
    ]);
  });
});
