import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageTexts } from "~/locales/namespaces";

// The loader-data objects already merged: each is merged once, a revalidation brings new ones.
const merged = new WeakSet<object>();
/** The element ErrorPageTexts (./ErrorPageTexts.tsx) writes the error page's texts into. */
export const ERROR_TEXTS_ID = "error-page-texts";

/**
 * Adds the texts the matched routes' loaders sent (`i18n`: the root's site-wide namespaces, each
 * page's own) to the browser's i18next before the routes render (the root renders first). The
 * browser thus carries only the texts of the pages it showed, in the page's language, instead of
 * every text of the site in both languages in the first load's JavaScript (decision 0014). A
 * language switch revalidates every loader, so the new language's texts arrive before the root
 * changes the language. Bundles are merged deeply: the admin login's few texts grow into the
 * panel's after signing in. The server's instances hold every namespace already.
 */
export function useRouteNamespaces() {
  const { i18n } = useTranslation();
  const matches = useMatches();
  if (typeof document === "undefined") return;
  const add = (texts: PageTexts) => {
    for (const [lng, bundles] of Object.entries(texts)) {
      for (const [ns, bundle] of Object.entries(bundles ?? {})) i18n.addResourceBundle(lng, ns, bundle, true, true);
    }
  };
  for (const match of matches) {
    const texts = (match.data as { i18n?: PageTexts } | null | undefined)?.i18n;
    if (!texts || merged.has(texts)) continue;
    merged.add(texts);
    add(texts);
  }
  // The root loader failed (the error page): its texts come from the page itself (ErrorPageTexts).
  const written = document.getElementById(ERROR_TEXTS_ID);
  if (written && !merged.has(written)) {
    merged.add(written);
    add(JSON.parse(written.textContent || "{}") as PageTexts);
  }
}
