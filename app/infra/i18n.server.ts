import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "~/i18n";
import { resources } from "~/locales";
import type { Namespace, PageTexts } from "~/locales/namespaces";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from "~/lib/constants";

/** The saved language choice, readable by the server render (mirrors localStorage.i18nextLng). */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    // Saved choice first, then the browser's languages, then Spanish.
    order: ["cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export async function getLanguage(request: Request): Promise<Language> {
  const lng = await i18nServer.getLocale(request);
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** A translate function for messages built on the server (e.g. a 429 answer). */
export async function getFixedT(request: Request, ns?: string) {
  return i18nServer.getFixedT(request, ns ?? "common");
}

/** A page's namespaces in the request's language, for its loader's `i18n` (decision 0014). */
export async function pageTexts(request: Request, ...ns: Namespace[]): Promise<PageTexts> {
  return textsIn(await getLanguage(request), ns);
}

/** The admin login's texts only: the panel's labels stay with the session (a stranger's page names none of them). */
export async function adminLoginTexts(request: Request): Promise<PageTexts> {
  const lng = await getLanguage(request);
  return { [lng]: { dashboard: { login: resources[lng].dashboard.login } } };
}

/** Namespaces in the given languages (the admin's cards and share texts use each invitation's language). */
export function textsIn(lngs: Language | readonly Language[], ns: readonly Namespace[]): PageTexts {
  const list: readonly Language[] = typeof lngs === "string" ? [lngs] : lngs;
  return Object.fromEntries(list.map((lng) => [lng, Object.fromEntries(ns.map((n) => [n, resources[lng][n]]))]));
}
