import { INTL_LOCALES, type Language } from "./constants";

export const intlLocale = (lang: string) => INTL_LOCALES[lang as Language] ?? INTL_LOCALES.es;

// Building an Intl formatter costs far more than using one (it was the top item of the home
// page's server profile), so each locale + options pair is built once and reused.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** "16:30" → "4:30 p. m." (es-ES) / "4:30 PM" (en-US). */
export function formatTime(hhmm: string, lang: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const date = new Date(Date.UTC(2000, 0, 1, h, m));
  return dateTimeFormat(intlLocale(lang), { hour: "numeric", minute: "2-digit", hourCycle: "h12", timeZone: "UTC" }).format(date);
}

/** 95 → "95 US$" (es-ES) / "$95" (en-US). */
export function formatPrice(amount: number, currency: string, lang: string): string {
  return numberFormat(intlLocale(lang), { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);
}

/**
 * Puts values in the named marks of a text in one pass: any other `{{…}}` stays as written, and a
 * value put in is not read again (a couple's name typed as "{{date}}" stays so). For the few marks
 * 'Contenido' documents in the couple's texts (the info cards' `{{ceremonyStart}}` and
 * `{{receptionEnd}}`, the accommodation note's `{{names}}`) and the home page's title.
 */
export function fillMarks(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (mark, name: string) => (Object.hasOwn(values, name) ? values[name] : mark));
}

/** A file's size as a person reads it, in the page's language: KB under a megabyte (a 32 KB file is not "0.0 MB"), MB with one decimal above. */
export function fileSize(bytes: number, lang: string): string {
  const locale = intlLocale(lang);
  if (bytes < 1024 * 1024) return `${numberFormat(locale, { maximumFractionDigits: 0, useGrouping: false }).format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;
}
