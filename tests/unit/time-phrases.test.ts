import { describe, expect, it } from "vitest";
import { calendarTexts, type CommonT } from "~/lib/calendar";
import { fillTimeMarks, timeWithArticle } from "~/lib/time-phrases";
import { resources } from "~/locales";

const plain = (text: string) => text.replace(/\s/g, " ");

describe("times in a sentence, right for every hour", () => {
  it("Spanish: 'la' for one o'clock, 'las' for every other hour; English: no article", () => {
    expect(plain(timeWithArticle("13:00", "es"))).toBe("la 1:00 p. m.");
    expect(plain(timeWithArticle("01:30", "es"))).toBe("la 1:30 a. m.");
    expect(plain(timeWithArticle("23:30", "es"))).toBe("las 11:30 p. m.");
    expect(plain(timeWithArticle("12:00", "es"))).toBe("las 12:00 p. m.");
    expect(plain(timeWithArticle("13:00", "en"))).toBe("1:00 PM");
    expect(plain(timeWithArticle("01:30", "en"))).toBe("1:30 AM");
    expect(plain(timeWithArticle("23:30", "en"))).toBe("11:30 PM");
    expect(plain(timeWithArticle("12:00", "en"))).toBe("12:00 PM");
  });

  it("the demo card's '¡Hasta la {{receptionEnd}}!' agrees with the hour the couple sets", () => {
    const es = resources.es.home.info.dance.subtitle;
    const en = resources.en.home.info.dance.subtitle;
    expect(plain(fillTimeMarks(es, { receptionEnd: "23:30" }, "es"))).toBe("¡Hasta las 11:30 p. m.!");
    expect(plain(fillTimeMarks(es, { receptionEnd: "01:00" }, "es"))).toBe("¡Hasta la 1:00 a. m.!");
    expect(plain(fillTimeMarks("Hasta las {{receptionEnd}}", { receptionEnd: "13:15" }, "es"))).toBe("Hasta la 1:15 p. m.");
    expect(plain(fillTimeMarks(en, { receptionEnd: "23:30" }, "en"))).toBe("Until 11:30 PM!");
    // Only an article right before a time's mark changes.
    expect(fillTimeMarks("la casa, las {{names}}", { receptionEnd: "23:30" }, "es")).toBe("la casa, las {{names}}");
  });

  it("the calendar event: 'hasta las 11:30 p. m.', 'until 11:30 PM'", () => {
    const event = { names: "A & B", location: "X", ceremonyStart: "13:00", ceremonyEnd: "14:00", receptionEnd: "23:30" };
    const t =
      (lang: "es" | "en"): CommonT =>
      (key, values = {}) =>
        key === "calendar.eventDetails" ? resources[lang].common.calendar.eventDetails.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k]) : key;
    expect(plain(calendarTexts(t("es"), "es", event).details)).toMatch(/Ceremonia de la 1:00 p\. m\. a las 2:00 p\. m\.; .* hasta las 11:30 p\. m\.$/);
    expect(plain(calendarTexts(t("en"), "en", event).details)).toMatch(/Ceremony from 1:00 PM to 2:00 PM; .* until 11:30 PM$/);
  });
});
