import type { TFunction } from "i18next";
import { getLanguage, i18nFor, isLanguage } from "~/infra/i18n.server";
import { getTheme } from "~/infra/theme.server";
import { PERSONAL_COOKIES } from "~/infra/session.server";
import { isCrossSiteRequest } from "~/http/request.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/constants";
import { onFreshChange, somethingMayHaveChanged } from "~/infra/freshness.server";

/** The request headers the edge has at hand (Express's req.get values). */
export interface EdgeHeaders {
  cookie?: string;
  acceptLanguage?: string;
}

function requestWith({ cookie, acceptLanguage }: EdgeHeaders): Request {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  return new Request("http://edge.invalid/", { headers });
}

const translators = new Map<Language, Promise<TFunction>>();

/**
 * What server.mjs (Express, before Remix) reads from the app, exported by entry.server.tsx, so
 * that the origin rule, the language and theme a page is rendered in, and the texts of the
 * answers server.mjs gives itself (400, 403, 405), and the names of the personal cookies each
 * have one home.
 */
export const edge = {
  isCrossSiteRequest,

  /**
   * The names of the cookies the app sets that make a page personal (never cached, never kept by a
   * browser or proxy), and of the guest's invitation among them.
   */
  cookies: { personal: Object.values(PERSONAL_COOKIES) as string[], invitation: PERSONAL_COOKIES.invitation as string },

  /** The language a page for these headers renders in: the saved choice, the browser's, Spanish. */
  language(headers: EdgeHeaders): Promise<Language> {
    return getLanguage(requestWith(headers));
  },

  /** The saved theme ("light" | "dark"), or "" when the page follows the system. */
  async theme(headers: EdgeHeaders): Promise<string> {
    return (await getTheme(requestWith(headers))) ?? "";
  },

  /** A text from app/locales (`common` namespace unless the key names another). */
  async text(language: string, key: string): Promise<string> {
    const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    let t = translators.get(lng);
    if (!t) {
      t = i18nFor(lng).then((i18n) => i18n.getFixedT(lng, "common") as TFunction);
      translators.set(lng, t);
    }
    return (await t)(key);
  },

  /**
   * A write succeeded in this worker or another of the cluster (the page cache's message): the
   * couple's content or the site's media may have changed, so the next page asks the database at
   * once (app/infra/freshness.server.ts).
   */
  contentMayHaveChanged: somethingMayHaveChanged,

  /** Told when this worker's content or media changed, however it learnt it (another instance's save): the page cache empties. */
  onContentChange: onFreshChange,
};

export type Edge = typeof edge;
