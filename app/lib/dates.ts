import { INTL_LOCALES, type Language } from "./constants";

/** A long date in the page's language (es-ES / en-US), in the wedding's own time zone. */
export function formatLongDate(iso: string, lang: Language | string, timeZone = "America/Panama"): string {
  const locale = INTL_LOCALES[lang as Language] ?? INTL_LOCALES.es;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone }).format(new Date(iso));
}
