import { redirect, type AppLoadContext } from "@remix-run/node";
import { isCrossOrigin } from "~/http/request.server";
import { getFixedT } from "~/infra/i18n.server";
import { readUnsubscribeToken } from "~/infra/unsubscribe-token.server";
import { DEFAULT_LANGUAGE } from "~/lib/constants";
import { resources } from "~/locales";
import type { PageTexts } from "~/locales/namespaces";
import { currentContent } from "~/models/content-live.server";
import { isSuppressed, suppressEmail } from "~/models/outbox.server";

/**
 * GET/POST /unsubscribe/{token}: the link every e-mail carries. GET only shows the page (mail
 * scanners open links); the button posts, and the address gets no further e-mail. The page is
 * in the e-mail's language (the token's), whatever the site's language is.
 */
export async function loadUnsubscribePage(token: string | undefined) {
  const read = readUnsubscribeToken(token ?? "");
  const language = read?.language ?? DEFAULT_LANGUAGE;
  // The page's own texts only, in the e-mail's language (decision 0014's loader texts).
  const i18n: PageTexts = { [language]: { mail: { unsubscribe: resources[language].mail.unsubscribe } } };
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  const names = (await currentContent()).couple.names;
  if (!read) return { status: 404, headers, body: { state: "invalid" as const, language, names, email: "", i18n } };
  const state = (await isSuppressed(read.email)) ? ("done" as const) : ("ask" as const);
  return { status: 200, headers, body: { state, language, names, email: read.email, i18n } };
}

/** The button: the address asked for no more e-mail; POST/redirect/GET to the confirmation. */
export async function handleUnsubscribe(request: Request, context: AppLoadContext, token: string | undefined) {
  if (isCrossOrigin(request, context)) {
    throw new Response((await getFixedT(request))("crossOrigin"), { status: 403 });
  }
  const read = readUnsubscribeToken(token ?? "");
  if (!read) throw new Response(null, { status: 404 });
  await suppressEmail(read.email);
  return redirect(new URL(request.url).pathname, { status: 303 });
}
