import { describe, expect, it } from "vitest";
import { additionalSeats, buildGuestList, cleanName, isRsvpOpen } from "~/lib/rsvp";
import { generateInvitationCode, isWellFormedCode, normalizeInvitationCode, CODE_ALPHABET } from "~/lib/invitation-code";
import { MAX_NAME_LENGTH } from "~/lib/constants";

describe("RSVP deadline", () => {
  const deadline = "2025-12-17T23:59:59-05:00";
  it("is open up to and including the last second", () => {
    expect(isRsvpOpen(deadline, new Date("2025-12-17T23:59:59-05:00"))).toBe(true);
    expect(isRsvpOpen(deadline, new Date("2025-12-01T10:00:00-05:00"))).toBe(true);
  });
  it("is closed one second after", () => {
    expect(isRsvpOpen(deadline, new Date("2025-12-18T00:00:00-05:00"))).toBe(false);
  });
});

describe("guest list", () => {
  it("additional seats are maxGuests - 1", () => {
    expect(additionalSeats(1)).toBe(0);
    expect(additionalSeats(8)).toBe(7);
  });

  it("single seat: only the primary guest", () => {
    expect(buildGuestList("Ana", 1, [])).toEqual({ ok: true, guests: ["Ana"] });
  });

  it("drops blanks, trims, keeps the primary first and only once", () => {
    expect(buildGuestList("  Ana  López ", 4, ["", "  ", " Luis ", "ana lópez"])).toEqual({ ok: true, guests: ["Ana López", "Luis"] });
  });

  it("requires at least one additional name when there are extra seats", () => {
    expect(buildGuestList("Ana", 3, ["", "   "])).toEqual({ ok: false, error: "additionalRequired" });
  });

  it("refuses more names than seats", () => {
    expect(buildGuestList("Ana", 2, ["Luis", "Eva"])).toEqual({ ok: false, error: "tooMany" });
  });

  it("refuses overlong names", () => {
    expect(buildGuestList("Ana", 2, ["x".repeat(MAX_NAME_LENGTH + 1)])).toEqual({ ok: false, error: "nameTooLong" });
  });

  it("repeated names count once", () => {
    expect(buildGuestList("Ana", 3, ["Luis", "luis"])).toEqual({ ok: true, guests: ["Ana", "Luis"] });
  });

  it("collapses inner white space", () => {
    expect(cleanName(" a \n b\t c ")).toBe("a b c");
  });
});

describe("invitation codes", () => {
  it("are six unambiguous characters", () => {
    for (let i = 0; i < 200; i++) {
      const code = generateInvitationCode();
      expect(code).toMatch(/^[A-Z2-9]{6}$/);
      expect(code).not.toMatch(/[01IO]/);
      expect(isWellFormedCode(code)).toBe(true);
    }
    expect(CODE_ALPHABET).toHaveLength(32);
  });

  it("are read case-insensitively and without spaces", () => {
    expect(normalizeInvitationCode(" ab3 d5z ")).toBe("AB3D5Z");
    expect(isWellFormedCode(normalizeInvitationCode("ab3d5z"))).toBe(true);
    expect(isWellFormedCode("AB3D5")).toBe(false);
    expect(isWellFormedCode("AB3D5O")).toBe(false);
  });
});
