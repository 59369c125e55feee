/** A text the couple typed in both languages (the content's pairs). */
export interface TextPair {
  es: string;
  en: string;
}

/**
 * The text a language shows: English left empty falls back to Spanish. Kept free of the content's
 * zod schemas so the guest pages that only show texts do not carry zod in their first load.
 */
export const inLanguage = (pair: TextPair, lng: string) => (lng === "en" && pair.en.trim() ? pair.en : pair.es);
