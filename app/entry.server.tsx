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
import { renderDocument } from "~/infra/render-document.server";

export { boot, workerStart } from "~/infra/boot.server";
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
  const instance = await i18nFor(await getLanguage(request));

  // The security headers (the CSP with this nonce among them) are server.mjs's: server/security-headers.mjs.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  return renderDocument(
    <NonceProvider value={nonce}>
      <InlineCssProvider value={inlineCss}>
        <MantineStylesProvider value={mantineStylesFor}>
          <I18nextProvider i18n={instance}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </I18nextProvider>
        </MantineStylesProvider>
      </InlineCssProvider>
    </NonceProvider>,
    { status: responseStatusCode, headers: responseHeaders, nonce, abortAfterMs: ABORT_DELAY + 1000 },
  );
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
