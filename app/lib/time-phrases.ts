import { fillMarks, formatTime } from "./format";

/**
 * Times of day in a sentence, right for every hour. Spanish puts a feminine article before a time
 * that agrees with the hour: "la 1:00 a. m." (one o'clock, 1:00–1:59 and 13:00–13:59) but
 * "las 11:30 p. m." for every other hour; English needs none ("until 11:30 PM").
 */

/** "01:30" → "la" (es); "23:30" → "las". The hour on the 12-hour clock the time is shown in decides. */
export function spanishTimeArticle(hhmm: string): "la" | "las" {
  const hour = Number(hhmm.split(":")[0]);
  return hour % 12 === 1 ? "la" : "las";
}

/** A time as it follows a preposition ("hasta …", "a …", "until …"): "la 1:00 a. m." / "las 11:30 p. m." (es), "11:30 PM" (en). */
export function timeWithArticle(hhmm: string, lang: string): string {
  const time = formatTime(hhmm, lang);
  return lang === "en" ? time : `${spanishTimeArticle(hhmm)} ${time}`;
}

/**
 * Puts times ("HH:MM") in the named marks of a couple's text (fillMarks), each shown on the
 * 12-hour clock. In Spanish, an article typed right before a time's mark ("¡Hasta la
 * {{receptionEnd}}!") is made to agree with that time, keeping its capital: the couple writes the
 * sentence once and it stays right whatever hour they set.
 */
export function fillTimeMarks(text: string, times: Record<string, string>, lang: string): string {
  const agreed =
    lang === "en"
      ? text
      : text.replace(/\b([Ll])as?(\s+)\{\{(\w+)\}\}/g, (whole, l: string, space: string, name: string) =>
          Object.hasOwn(times, name) ? `${l}${spanishTimeArticle(times[name]).slice(1)}${space}{{${name}}}` : whole,
        );
  return fillMarks(agreed, Object.fromEntries(Object.entries(times).map(([name, hhmm]) => [name, formatTime(hhmm, lang)])));
}
