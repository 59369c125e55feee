import { useTranslation } from "react-i18next";
import { ERROR_TEXTS_ID } from "./RouteTexts";

/**
 * For the error page when the root loader itself failed: no loader data carries the site's texts,
 * so the server writes the common namespace (the error page's) into the page as JSON, and
 * useRouteNamespaces reads it back before the error page hydrates (root.tsx); the element is read
 * from the document, not from the component.
 */
export function ErrorPageTexts() {
  const { i18n } = useTranslation();
  const json =
    typeof document === "undefined"
      ? JSON.stringify({ [i18n.language]: { common: i18n.getResourceBundle(i18n.language, "common") } }).replace(/</g, "\\u003c")
      : (document.getElementById(ERROR_TEXTS_ID)?.textContent ?? "");
  // Our own texts as inert JSON (not executed), with "<" escaped so no text can close the element.
  return <script id={ERROR_TEXTS_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
