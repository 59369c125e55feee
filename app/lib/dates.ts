import { dateTimeFormat, intlLocale } from "./format";

/** A long date in the page's language (es-ES / en-US), in the venue's time zone ('Pareja y fechas'). */
export function formatLongDate(iso: string, lang: string, timeZone: string): string {
  return dateTimeFormat(intlLocale(lang), { day: "numeric", month: "long", year: "numeric", timeZone }).format(new Date(iso));
}

/** A date with its time of day, short, in the page's language and the wedding's time zone ('Historial'). */
export function formatDateTime(iso: string, lang: string, timeZone: string): string {
  return dateTimeFormat(intlLocale(lang), { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
}
