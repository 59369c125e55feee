/** The translation namespaces: one JSON file each in es/ and en/. */
export const namespaces = [
  "common",
  "nav",
  "home",
  "confirm",
  "gallery",
  "dashboard",
  "footer",
  "theme",
  "language",
  "mail",
  "reminders",
  "emails",
  "review",
  "wishes",
  "slideshow",
  "contentMedia",
  "content",
  "contentExtras",
  "events",
  "backups",
  "setup",
  "keepsake",
  "menu",
  "door",
  "tables",
  "tableCards",
  "questions",
  "offline",
] as const;
export type Namespace = (typeof namespaces)[number];

/** What every page shows (header, footer, toggles, errors): the root loader sends them. */
export const siteNamespaces = ["common", "nav", "footer", "theme", "language"] as const satisfies readonly Namespace[];

/**
 * A page's texts (i18next's resources shape: language, namespace, texts), usually in the page's
 * language only, as a loader sends them under `i18n` (decision 0014): the
 * browser's i18next holds only what the pages it showed needed, added by the root's
 * useRouteNamespaces before the route renders.
 */
export type PageTexts = Partial<Record<string, Partial<Record<Namespace, Record<string, unknown>>>>>;
