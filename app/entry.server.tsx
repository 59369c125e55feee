import crypto from "node:crypto";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { InlineCssProvider } from "./components/layout/InlineCss";
import { inlineCss } from "./styles/inline.server";
import { getLanguage, i18nFor } from "~/infra/i18n.server";
import { renderDocumentBody } from "~/infra/render-document.server";
import { guestPageKey, guestPages } from "~/http/guest-pages.server";
import { moduleHints } from "~/http/module-hints.server";

export { boot, restoreFromFile, workerStart } from "~/start.server";
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
  // Before the i18n instance is read: a change of content from now on keeps this page out of the store.
  const generation = guestPages.generation();
  const key = loadContext.useCspNonce ? guestPageKey(request, remixContext, language) : null;
  const instance = await i18nFor(language);

  // The security headers (the CSP with this nonce among them) are server.mjs's: server/security-headers.mjs.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // A guest's own page, kept from an earlier request whose render saw exactly what this one would
  // (http/guest-pages.server.ts). It is sent as it was made, with the nonce its scripts carry: the
  // page is never rewritten, and the nonce still stands only for these bytes.
  const kept = key ? guestPages.get(key) : undefined;
  if (kept && loadContext.useCspNonce) {
    loadContext.useCspNonce(kept.nonce);
    // The data Remix encoded for this request's page is not needed: the kept page carries the same.
    void remixContext.serverHandoffStream?.cancel().catch(() => {});
    responseHeaders.append("Server-Timing", 'page;desc="kept"');
    responseHeaders.set("Link", moduleHints(remixContext));
    return new Response(kept.body, { headers: responseHeaders, status: 200 });
  }

  const { body, status } = await renderDocumentBody(
    <NonceProvider value={nonce}>
      <InlineCssProvider value={inlineCss}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </InlineCssProvider>
    </NonceProvider>,
    { status: responseStatusCode, nonce, abortAfterMs: ABORT_DELAY + 1000 },
  );
  if (key && status === 200) guestPages.set(key, { body, nonce }, generation);
  // An error page loads fewer modules than its routes would: its own <Scripts> tags suffice.
  if (status === 200) responseHeaders.set("Link", moduleHints(remixContext));
  // Says how the page was made (browsers' developer tools show it), without a figure.
  responseHeaders.append("Server-Timing", 'page;desc="render"');
  return new Response(body, { headers: responseHeaders, status });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
