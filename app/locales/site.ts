import { common } from "./common";
import { footer } from "./footer";
import { language } from "./language";
import { nav } from "./nav";
import { theme } from "./theme";

/** What every page shows (header, footer, toggles, errors): in the browser from the first load. */
export const siteNamespaces = { common, nav, footer, theme, language };

/** A namespace in both languages, as a route lists it in `handle.i18n`. */
export type NamespaceBundle = { es: object; en: object };
