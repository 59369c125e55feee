import { INTL_LOCALES, type Language } from "./constants";

const locale = (lang: string) => INTL_LOCALES[lang as Language] ?? INTL_LOCALES.es;

/** "16:30" → "4:30 p. m." (es-ES) / "4:30 PM" (en-US). */
export function formatTime(hhmm: string, lang: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const date = new Date(Date.UTC(2000, 0, 1, h, m));
  return new Intl.DateTimeFormat(locale(lang), { hour: "numeric", minute: "2-digit", hourCycle: "h12", timeZone: "UTC" }).format(date);
}

/** 95 → "95 US$" (es-ES) / "$95" (en-US). */
export function formatPrice(amount: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(locale(lang), { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);
}
