import { describe, expect, it } from "vitest";
import { formatLongDate } from "~/lib/dates";
import { fileSize, formatPrice, formatTime } from "~/lib/format";

describe("formatting for the page's language", () => {
  it("prices in USD", () => {
    expect(formatPrice(95, "USD", "en")).toBe("$95");
    expect(formatPrice(120, "USD", "es").replace(/\s/g, " ")).toBe("120 US$");
  });
  it("times on a 12-hour clock, noon as 12", () => {
    expect(formatTime("16:30", "en").replace(/\s/g, " ")).toBe("4:30 PM");
    expect(formatTime("12:00", "en").replace(/\s/g, " ")).toBe("12:00 PM");
    expect(formatTime("12:00", "es").replace(/\s/g, " ")).toBe("12:00 p. m.");
    expect(formatTime("01:00", "es").replace(/\s/g, " ")).toBe("1:00 a. m.");
  });
  it("the RSVP deadline as a long date in the wedding's time zone", () => {
    expect(formatLongDate("2025-12-17T23:59:59-05:00", "es", "America/Panama")).toBe("17 de diciembre de 2025");
    expect(formatLongDate("2025-12-17T23:59:59-05:00", "en", "America/Panama")).toBe("December 17, 2025");
  });
});

describe("a file's size", () => {
  it("is in KB under a megabyte, never '0.0 MB'", () => {
    expect(fileSize(32 * 1024, "es")).toBe("32 KB");
    expect(fileSize(200, "en")).toBe("1 KB");
    expect(fileSize(1023 * 1024, "en")).toBe("1023 KB");
  });

  it("is in MB with one decimal from a megabyte on, in the page's language", () => {
    expect(fileSize(5.5 * 1024 * 1024, "en")).toBe("5.5 MB");
    expect(fileSize(1024 * 1024, "en")).toBe("1.0 MB");
  });
});
