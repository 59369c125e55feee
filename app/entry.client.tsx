import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";
import { InlineCssProvider, inlineCssFromDocument } from "./components/layout/InlineCss";

async function hydrate() {
  // The server chose the language (saved choice, then browser, then Spanish) and wrote it in <html lang>.
  // No texts yet: the loaders' data brings each page's, in its language (useRouteNamespaces, decision 0014).
  await i18next.use(initReactI18next).init({ ...i18nConfig, resources: {}, lng: document.documentElement.lang || i18nConfig.fallbackLng });
  startTransition(() => {
    hydrateRoot(
      document,
      <InlineCssProvider value={inlineCssFromDocument()}>
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>
      </InlineCssProvider>,
    );
  });
}

if (window.requestIdleCallback) window.requestIdleCallback(hydrate);
else window.setTimeout(hydrate, 1);
