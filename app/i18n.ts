import type { InitOptions } from "i18next";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "~/lib/constants";
import { namespaces, resources } from "~/locales";

/** i18next options shared by the server render and the browser. */
export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: namespaces,
  resources,
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
} satisfies InitOptions;
