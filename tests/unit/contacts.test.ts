import { describe, expect, it } from "vitest";
import { checkContacts, normalizePhone } from "~/lib/contacts";
import { parseConfig } from "~/infra/config.server";
import { createInvitation, findInvitationById, listInvitations, updateInvitation } from "~/models/invitations.server";
import { useTestDatabase } from "./helpers/test-db";

describe("a guest's phone in E.164 (app/lib/contacts.ts)", () => {
  it("gives a number typed without a country code the default one", () => {
    expect(normalizePhone("6123-4567", "507")).toBe("50761234567");
    expect(normalizePhone("6123 4567", "507")).toBe("50761234567");
    expect(normalizePhone("(612) 345.67", "507")).toBe("50761234567");
    expect(normalizePhone("212 555 0123", "1")).toBe("12125550123");
  });

  it("reads a leading '+' or '00' as the country code following", () => {
    expect(normalizePhone("+507 6123-4567", "507")).toBe("50761234567");
    expect(normalizePhone("+1 (212) 555-0123", "507")).toBe("12125550123");
    expect(normalizePhone("0044 20 7946 0958", "507")).toBe("442079460958");
    expect(normalizePhone("00 34 612 34 56 78", "507")).toBe("34612345678");
    expect(normalizePhone("+44\u00a020\u20117946\u20110958", "507")).toBe("442079460958");
  });

  it("refuses what is not a phone: letters, too short, too long, a country code 0, a stray '+'", () => {
    for (const typed of [
      "abc",
      "6123-456a",
      "+",
      "00",
      "+507 12",
      "123",
      "+1234567",
      "+1234567890123456",
      "+0 6123 4567",
      "507+61234567",
      "++50761234567",
      "6123_4567",
      "1".repeat(41),
    ]) {
      expect(normalizePhone(typed, "507"), typed).toBeNull();
    }
    // 8 and 15 digits are the bounds, country code included.
    expect(normalizePhone("+12345678", "507")).toBe("12345678");
    expect(normalizePhone("+123456789012345", "507")).toBe("123456789012345");
  });

  it("checks the contacts together: blank clears, undefined keeps, the e-mail trimmed and lower-cased", () => {
    expect(checkContacts({ phone: " 6123-4567 ", email: "  Ana.Perez@Example.COM " }, "507")).toEqual({
      ok: true,
      phone: "50761234567",
      email: "ana.perez@example.com",
    });
    expect(checkContacts({ phone: "", email: "   " }, "507")).toEqual({ ok: true, phone: null, email: null });
    expect(checkContacts({ phone: null }, "507")).toEqual({ ok: true, phone: null });
    expect(checkContacts({}, "507")).toEqual({ ok: true });
    expect(checkContacts({ phone: "12" }, "507")).toEqual({ ok: false, error: "phoneInvalid" });
    for (const email of [
      "ana",
      "ana@",
      "@example.com",
      "ana@example",
      "ana perez@example.com",
      "Ana <ana@example.com>",
      "ana@example.com,eva@example.com",
      `${"a".repeat(250)}@example.com`,
    ]) {
      expect(checkContacts({ email }, "507"), email).toEqual({ ok: false, error: "emailInvalid" });
    }
  });

  it("takes DEFAULT_PHONE_COUNTRY from the environment: 507 by default, 1 to 3 digits", () => {
    expect(parseConfig({}).DEFAULT_PHONE_COUNTRY).toBe("507");
    expect(parseConfig({ DEFAULT_PHONE_COUNTRY: "1" }).DEFAULT_PHONE_COUNTRY).toBe("1");
    expect(parseConfig({ DEFAULT_PHONE_COUNTRY: "+34" }).DEFAULT_PHONE_COUNTRY).toBe("34");
    for (const bad of ["0", "5070", "abc", "50 7"]) expect(() => parseConfig({ DEFAULT_PHONE_COUNTRY: bad }), bad).toThrow(/DEFAULT_PHONE_COUNTRY/);
  });
});

describe("an invitation's contacts (create, edit)", () => {
  useTestDatabase({ DEFAULT_PHONE_COUNTRY: "507" });

  it("stores the phone in E.164 and the e-mail lower-case; a bad one is refused and nothing is created", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 2, phone: "6123-4567", email: " Ana@Example.com " });
    expect(created.ok && [created.invitation.phone, created.invitation.email]).toEqual(["50761234567", "ana@example.com"]);
    expect(await createInvitation({ primaryGuest: "Eva", maxGuests: 1, phone: "12-34" })).toEqual({ ok: false, error: "phoneInvalid" });
    expect(await createInvitation({ primaryGuest: "Eva", maxGuests: 1, email: "eva@" })).toEqual({ ok: false, error: "emailInvalid" });
    expect((await listInvitations()).map((i) => i.primaryGuest)).toEqual(["Ana"]);
  });

  it("an edit keeps the contacts it does not mention, clears a blank one, refuses a bad one changing nothing", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 2, phone: "+1 212 555 0123", email: "ana@example.com" });
    if (!created.ok) throw new Error(created.error);
    const id = created.invitation.id;
    const renamed = await updateInvitation(id, { primaryGuest: "Ana María" });
    expect(renamed.ok && [renamed.invitation.phone, renamed.invitation.email]).toEqual(["12125550123", "ana@example.com"]);
    expect(await updateInvitation(id, { primaryGuest: "Ana Pérez", phone: "abc" })).toEqual({ ok: false, error: "phoneInvalid" });
    const unchanged = await findInvitationById(id);
    expect([unchanged?.primaryGuest, unchanged?.phone]).toEqual(["Ana María", "12125550123"]);
    const cleared = await updateInvitation(id, { phone: "", email: null });
    expect(cleared.ok && [cleared.invitation.phone, cleared.invitation.email]).toEqual([null, null]);
  });
});
