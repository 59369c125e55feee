import { dateTimeFormat, intlLocale } from "./format";

/** A long date in the page's language (es-ES / en-US), in the wedding's own time zone. */
export function formatLongDate(iso: string, lang: string, timeZone = "America/Panama"): string {
  return dateTimeFormat(intlLocale(lang), { day: "numeric", month: "long", year: "numeric", timeZone }).format(new Date(iso));
}
