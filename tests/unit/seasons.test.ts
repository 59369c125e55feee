import { describe, expect, it } from "vitest";
import { parseConfig } from "~/infra/config.server";
import { afterWeddingStart, seasonAt } from "~/lib/seasons";

const dates = { weddingDate: "2026-01-17T16:00:00-05:00", rsvpDeadline: "2025-12-17T23:59:59-05:00", afterWeddingDays: 1, timeZone: "America/Panama" };
const at = (iso: string, d = dates) => seasonAt(new Date(iso), d);

describe("seasons, by the server's clock", () => {
  it("invites until the deadline (inclusive)", () => {
    expect(at("2025-11-01T12:00:00-05:00")).toBe("invitations");
    expect(at("2025-12-17T23:59:59-05:00")).toBe("invitations");
  });

  it("closes confirmations after the deadline, before the wedding", () => {
    expect(at("2025-12-18T00:00:00-05:00")).toBe("rsvpClosed");
    expect(at("2026-01-17T15:59:59-05:00")).toBe("rsvpClosed");
  });

  it("is the wedding day from WEDDING_DATE until midnight at the venue", () => {
    expect(at("2026-01-17T16:00:00-05:00")).toBe("weddingDay");
    expect(at("2026-01-17T23:59:59-05:00")).toBe("weddingDay");
    // 04:59 UTC on the 18th is still the 17th in Panamá.
    expect(at("2026-01-18T04:59:59Z")).toBe("weddingDay");
  });

  it("turns to thanks and photos SITE_AFTER_WEDDING_DAYS days after the wedding's date", () => {
    expect(at("2026-01-18T00:00:00-05:00")).toBe("after");
    expect(at("2027-06-01T00:00:00-05:00")).toBe("after");
    expect(afterWeddingStart(dates.weddingDate, 1, dates.timeZone).toISOString()).toBe("2026-01-18T05:00:00.000Z");
    const three = { ...dates, afterWeddingDays: 3 };
    expect(at("2026-01-19T23:59:59-05:00", three)).toBe("weddingDay");
    expect(at("2026-01-20T00:00:00-05:00", three)).toBe("after");
  });

  it("reads the wedding's day at the venue, whatever offset WEDDING_DATE is written in", () => {
    // 16:00 in Panamá written in UTC: still the 17th there.
    const utc = { ...dates, weddingDate: "2026-01-17T21:00:00Z" };
    expect(at("2026-01-17T23:30:00-05:00", utc)).toBe("weddingDay");
    expect(at("2026-01-18T00:00:00-05:00", utc)).toBe("after");
  });

  it("SITE_AFTER_WEDDING_DAYS defaults to 1 and must be a whole number of days from 0 to 365", () => {
    expect(parseConfig({}).SITE_AFTER_WEDDING_DAYS).toBe(1);
    expect(parseConfig({ SITE_AFTER_WEDDING_DAYS: "7" }).SITE_AFTER_WEDDING_DAYS).toBe(7);
    expect(parseConfig({ SITE_AFTER_WEDDING_DAYS: "0" }).SITE_AFTER_WEDDING_DAYS).toBe(0);
    for (const bad of ["-1", "1.5", "tomorrow", "366"]) expect(() => parseConfig({ SITE_AFTER_WEDDING_DAYS: bad }), bad).toThrow(/SITE_AFTER_WEDDING_DAYS/);
  });
});
