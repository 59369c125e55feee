import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { weddingCalendarFile } from "~/http/calendar.server";
import { coupleSchema } from "~/lib/content-schemas";
import { isRsvpOpen } from "~/lib/rsvp";
import { afterWeddingStart, seasonAt } from "~/lib/seasons";
import { defaultContent } from "~/models/content-defaults.server";
import { datesOf, weddingDates } from "~/models/content-dates.server";
import { saveContentSection } from "~/models/content-store.server";
import { nextDigestAt } from "~/models/notifications.server";
import { useTestDatabase } from "./helpers/test-db";

const couple = (changes: Partial<ReturnType<typeof defaultContent>["couple"]> = {}) => ({
  ...defaultContent().couple,
  weddingDate: "2031-01-17T16:00",
  rsvpDeadline: "2030-12-17T23:59",
  ...changes,
});

describe("the venue's time zone ('Pareja y fechas')", () => {
  it("content saved before the field existed reads as Panamá; a zone outside the list is refused", () => {
    const { timeZone: _, ...old } = couple();
    expect(coupleSchema.parse(old).timeZone).toBe("America/Panama");
    expect(coupleSchema.safeParse({ ...old, timeZone: "Europe/Madrid" }).success).toBe(true);
    const refused = coupleSchema.safeParse({ ...old, timeZone: "Mars/Olympus_Mons" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["timeZone"], message: "content:errors.timeZone" });
  });

  it("Panamá → Madrid keeps the wall clock the couple typed: 16:00 stays 16:00 there (the instant moves)", () => {
    const panama = datesOf(couple({ timeZone: "America/Panama" }));
    const madrid = datesOf(couple({ timeZone: "Europe/Madrid" }));
    expect(panama.weddingDate).toBe("2031-01-17T21:00:00.000Z");
    expect(madrid.weddingDate).toBe("2031-01-17T15:00:00.000Z");
    expect(madrid.timeZone).toBe("Europe/Madrid");
    // Summer time in Madrid (UTC+2).
    expect(datesOf(couple({ timeZone: "Europe/Madrid", weddingDate: "2031-07-05T18:30" })).weddingDate).toBe("2031-07-05T16:30:00.000Z");
  });

  it("the RSVP deadline closes at Madrid's midnight, not Panamá's", () => {
    const { rsvpDeadline } = datesOf(couple({ timeZone: "Europe/Madrid" }));
    expect(isRsvpOpen(rsvpDeadline, new Date("2030-12-17T22:59:00Z"))).toBe(true);
    expect(isRsvpOpen(rsvpDeadline, new Date("2030-12-17T23:00:00Z"))).toBe(false);
  });

  it("the site turns to thanks and photos at the venue's midnight", () => {
    const { weddingDate, rsvpDeadline, timeZone } = datesOf(couple({ timeZone: "Europe/Madrid" }));
    expect(afterWeddingStart(weddingDate, 1, timeZone).toISOString()).toBe("2031-01-17T23:00:00.000Z");
    const dates = { weddingDate, rsvpDeadline, timeZone, afterWeddingDays: 1 };
    expect(seasonAt(new Date("2031-01-17T22:59:59Z"), dates)).toBe("weddingDay");
    expect(seasonAt(new Date("2031-01-17T23:00:00Z"), dates)).toBe("after");
  });

  it("the couple's daily digest goes out at 20:00 at the venue", () => {
    expect(new Date(nextDigestAt(new Date("2031-01-10T12:00:00Z"), "Europe/Madrid")).toISOString()).toBe("2031-01-10T19:00:00.000Z");
  });
});

describe("the venue's time zone, saved", () => {
  useTestDatabase();

  it("/wedding.ics starts at the wall clock typed, in the zone chosen", async () => {
    await saveContentSection("couple", couple({ timeZone: "Europe/Madrid" }));
    expect((await weddingDates()).timeZone).toBe("Europe/Madrid");
    const file = await weddingCalendarFile(new Request("http://localhost:3000/wedding.ics"));
    if (!file.ok) throw new Error(file.error);
    const events = Object.values(ical.sync.parseICS(file.body)).filter((c): c is VEvent => c?.type === "VEVENT");
    expect(file.body).toMatch(/DTSTART:20310117T150000Z/);
    // The reception ends at 1:00 the next day in Madrid.
    expect(events[0].end?.toISOString()).toBe("2031-01-18T00:00:00.000Z");
  });
});
