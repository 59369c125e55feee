import type { NamespaceBundle } from "./site";

/** The spec's translation namespaces: one JSON file each in es/ and en/. */
export const namespaces = ["common", "nav", "home", "confirm", "gallery", "dashboard", "footer", "theme", "language"] as const;
export type Namespace = (typeof namespaces)[number];

/** A route's `handle.i18n`: the namespaces its page shows beyond the site's. */
export type RouteNamespaces = Partial<Record<Namespace, NamespaceBundle>>;
