import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import type { RouteNamespaces } from "~/locales/namespaces";

/**
 * Adds the namespaces the matched routes list in `handle.i18n` to i18next before the routes
 * render (the root renders first), so a page's texts travel with its route module instead of
 * every page's texts riding on the first load. Both languages come along: switching language
 * re-renders in place. The server's instances hold every namespace already.
 */
export function useRouteNamespaces() {
  const { i18n } = useTranslation();
  for (const match of useMatches()) {
    const bundles = (match.handle as { i18n?: RouteNamespaces } | undefined)?.i18n;
    if (!bundles) continue;
    for (const [ns, bundle] of Object.entries(bundles)) {
      for (const lng of SUPPORTED_LANGUAGES) {
        if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, bundle[lng]);
      }
    }
  }
}
