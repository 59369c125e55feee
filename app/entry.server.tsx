import crypto from "node:crypto";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { InlineCssProvider } from "./components/layout/InlineCss";
import { MantineStylesProvider } from "./components/MantineRoot";
import { mantineStylesFor } from "~/infra/mantine-styles.server";
import { inlineCss } from "./styles/inline.server";
import { getLanguage, i18nFor } from "~/infra/i18n.server";
import { renderDocumentBody } from "~/infra/render-document.server";
import { renderPage } from "~/infra/page-template.server";
import { config } from "~/infra/config.server";

export { boot, workerStart } from "~/start.server";
// What server.mjs reads from the app (one home for the origin rule, language, theme and texts).
export { edge } from "~/http/edge.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? crypto.randomBytes(16).toString("base64");
  const language = await getLanguage(request);
  const instance = await i18nFor(language);

  // The security headers (the CSP with this nonce among them) are server.mjs's: server/security-headers.mjs.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  const { body, status, fromTemplate } = await renderPage({
    enabled: config().GUEST_PAGE_TEMPLATES,
    request,
    context: remixContext,
    language,
    nonce,
    render: (context, renderNonce) =>
      renderDocumentBody(
        <NonceProvider value={renderNonce}>
          <InlineCssProvider value={inlineCss}>
            <MantineStylesProvider value={mantineStylesFor}>
              <I18nextProvider i18n={instance}>
                <RemixServer context={context} url={request.url} abortDelay={ABORT_DELAY} nonce={renderNonce} />
              </I18nextProvider>
            </MantineStylesProvider>
          </InlineCssProvider>
        </NonceProvider>,
        { status: responseStatusCode, nonce: renderNonce, abortAfterMs: ABORT_DELAY + 1000 },
      ),
  });
  // Says how the page was made (browsers' developer tools show it), without a figure.
  responseHeaders.append("Server-Timing", fromTemplate ? 'page;desc="template"' : 'page;desc="render"');
  return new Response(body, { headers: responseHeaders, status });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
