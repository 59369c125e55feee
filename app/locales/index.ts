// One module per namespace (both languages), so a route's client bundle holds only the namespaces
// it shows (its `handle.i18n`, added to i18next by the root), never the whole set: importing this
// index pulls in every namespace, which only the server needs (decision 0014).
import { backups } from "./backups";
import { common } from "./common";
import { confirm } from "./confirm";
import { content } from "./content";
import { contentExtras } from "./contentExtras";
import { contentMedia } from "./contentMedia";
import { dashboard } from "./dashboard";
import { emails } from "./emails";
import { footer } from "./footer";
import { gallery } from "./gallery";
import { home } from "./home";
import { keepsake } from "./keepsake";
import { language } from "./language";
import { mail } from "./mail";
import { nav } from "./nav";
import { reminders } from "./reminders";
import type { Namespace } from "./namespaces";
import { review } from "./review";
import { theme } from "./theme";
import { wishes } from "./wishes";
import { slideshow } from "./slideshow";
import { events } from "./events";
import { setup } from "./setup";
import { menu } from "./menu";
import { door } from "./door";
import { tables } from "./tables";
import { tableCards } from "./tableCards";
import { questions } from "./questions";
import { offline } from "./offline";

const all = {
  common,
  nav,
  home,
  confirm,
  gallery,
  dashboard,
  footer,
  theme,
  language,
  mail,
  reminders,
  emails,
  review,
  wishes,
  slideshow,
  contentMedia,
  content,
  contentExtras,
  events,
  backups,
  setup,
  keepsake,
  menu,
  door,
  tables,
  tableCards,
  questions,
  offline,
} satisfies Record<Namespace, unknown>;

/** The translation namespaces, one JSON file each per language (the server loads them all). */
export const resources = {
  es: Object.fromEntries(Object.entries(all).map(([ns, b]) => [ns, b.es])) as { [N in Namespace]: (typeof all)[N]["es"] },
  en: Object.fromEntries(Object.entries(all).map(([ns, b]) => [ns, b.en])) as { [N in Namespace]: (typeof all)[N]["en"] },
};

export { namespaces, type Namespace } from "./namespaces";
