import type { InitOptions } from "i18next";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "~/lib/constants";
import { namespaces } from "~/locales/namespaces";

/**
 * i18next options shared by the server render and the browser. The texts are not here: the
 * server loads every namespace (`resources` from ~/locales), the browser starts with the site's
 * (`siteNamespaces`) and the root adds each page's from its route's `handle.i18n` (decision 0014).
 */
export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: [...namespaces],
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
} satisfies InitOptions;
