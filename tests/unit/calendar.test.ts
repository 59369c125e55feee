import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { weddingCalendarFile } from "~/http/calendar.server";
import { schedule } from "~/content/wedding";
import { googleCalendarUrl, weddingEventTimes } from "~/lib/calendar";
import { useTestDatabase } from "./helpers/test-db";

function eventOf(body: string): VEvent {
  const events = Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return events[0];
}

const request = (headers: Record<string, string> = {}) => new Request("http://localhost:3000/wedding.ics", { headers });

describe("the wedding as a calendar event", () => {
  it("runs from WEDDING_DATE (4:00 PM, what the invitation says, not the ceremony's 4:30) to the reception's end (1:00 AM the next day) at the venue", () => {
    const { start, end } = weddingEventTimes("2026-01-17T16:00:00-05:00", schedule.reception.end, "America/Panama");
    expect(start.toISOString()).toBe("2026-01-17T21:00:00.000Z");
    expect(end.toISOString()).toBe("2026-01-18T06:00:00.000Z");
    // Another time in WEDDING_DATE moves the start with it; the end stays the reception's.
    const later = weddingEventTimes("2026-01-17T17:15:00-05:00", schedule.reception.end, "America/Panama");
    expect(later.start.toISOString()).toBe("2026-01-17T22:15:00.000Z");
    expect(later.end.toISOString()).toBe("2026-01-18T06:00:00.000Z");
  });

  it("the Google Calendar link carries the same times, the title, the details and the venue", () => {
    const url = new URL(
      googleCalendarUrl(
        "2026-01-17T16:00:00-05:00",
        {
          title: "Boda de Valeria & Sebastián",
          details: "Ceremonia",
          location: "Country Club & Resort, Cocolí, Panamá",
        },
        schedule.reception.end,
        "America/Panama",
      ),
    );
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Boda de Valeria & Sebastián");
    expect(url.searchParams.get("dates")).toBe("20260117T210000Z/20260118T060000Z");
    expect(url.searchParams.get("details")).toBe("Ceremonia");
    expect(url.searchParams.get("location")).toBe("Country Club & Resort, Cocolí, Panamá");
  });
});

describe("GET /wedding.ics", () => {
  useTestDatabase({ WEDDING_DATE: "2031-01-17T16:00:00-05:00" });

  it("is an RFC 5545 file a parser reads: UTC times that follow WEDDING_DATE, the venue, a stable UID, in Spanish by default", async () => {
    const first = await weddingCalendarFile(request());
    if (!first.ok) throw new Error(first.error);
    expect(first.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    const event = eventOf(first.body);
    expect(event.start.toISOString()).toBe("2031-01-17T21:00:00.000Z");
    expect(event.end?.toISOString()).toBe("2031-01-18T06:00:00.000Z");
    expect(event.summary).toBe("Boda de Valeria & Sebastián");
    expect(String(event.location)).toBe("Country Club & Resort, Cocolí, Panamá");
    expect(String(event.description)).toMatch(/Ceremonia de las 4:30\sp\.\sm\. a las 6:00\sp\.\sm\.; recepción, cena y baile hasta la 1:00\sa\.\sm\./);
    const again = await weddingCalendarFile(request());
    if (!again.ok) throw new Error(again.error);
    expect(eventOf(again.body).uid).toBe(event.uid);
    expect(event.uid).toMatch(/@/);
  });

  it("speaks English to a guest who chose English", async () => {
    const file = await weddingCalendarFile(request({ "Accept-Language": "en-US,en;q=0.9" }));
    if (!file.ok) throw new Error(file.error);
    const event = eventOf(file.body);
    expect(event.summary).toBe("Valeria & Sebastián's wedding");
    expect(String(event.location)).toBe("Country Club & Resort, Cocolí, Panama");
    expect(String(event.description)).toMatch(/Ceremony from 4:30\sPM to 6:00\sPM/);
  });
});
