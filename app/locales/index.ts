import esCommon from "./es/common.json";
import esNav from "./es/nav.json";
import esHome from "./es/home.json";
import esConfirm from "./es/confirm.json";
import esGallery from "./es/gallery.json";
import esDashboard from "./es/dashboard.json";
import esFooter from "./es/footer.json";
import esTheme from "./es/theme.json";
import esLanguage from "./es/language.json";
import enCommon from "./en/common.json";
import enNav from "./en/nav.json";
import enHome from "./en/home.json";
import enConfirm from "./en/confirm.json";
import enGallery from "./en/gallery.json";
import enDashboard from "./en/dashboard.json";
import enFooter from "./en/footer.json";
import enTheme from "./en/theme.json";
import enLanguage from "./en/language.json";

/** The spec's translation namespaces, one JSON file each per language. */
export const resources = {
  es: {
    common: esCommon,
    nav: esNav,
    home: esHome,
    confirm: esConfirm,
    gallery: esGallery,
    dashboard: esDashboard,
    footer: esFooter,
    theme: esTheme,
    language: esLanguage,
  },
  en: {
    common: enCommon,
    nav: enNav,
    home: enHome,
    confirm: enConfirm,
    gallery: enGallery,
    dashboard: enDashboard,
    footer: enFooter,
    theme: enTheme,
    language: enLanguage,
  },
} as const;

export type Namespace = keyof (typeof resources)["es"];
export const namespaces = Object.keys(resources.es) as Namespace[];
