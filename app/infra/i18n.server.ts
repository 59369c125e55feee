import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
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

/**
 * Where the texts the site shows come from: the couple's content ('Contenido') over the app's. The
 * domain (app/models/content.server.ts) registers itself here when it loads, so this mechanism does
 * not import the domain (the layers, decision 0039); until then, the app's own texts.
 */
export interface TextSource {
  /** Reads the live content when it may have changed (before the texts are read). */
  refresh(): Promise<unknown>;
  /** The texts as last read. */
  resources(): typeof resources;
  /** Changes whenever the texts do. */
  revision(): string;
}
let textSource: TextSource = { refresh: async () => undefined, resources: () => resources, revision: () => "" };

export function setTextSource(source: TextSource): void {
  textSource = source;
  instances = new Map();
  instancesRevision = undefined;
}

let instances = new Map<Language, Promise<I18n>>();
let instancesRevision: string | undefined;

/**
 * The server's i18next for a language: one instance per language and content revision (the
 * couple's texts from 'Contenido' over the app's, app/models/content.server.ts), made once and
 * only read from, shared by the pages' render and the messages built on the server
 * (remix-i18next's getFixedT made a new instance on every call). Its texts without options are
 * remembered.
 */
export async function i18nFor(language: string): Promise<I18n> {
  await textSource.refresh();
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  if (instancesRevision !== textSource.revision()) {
    instances = new Map();
    instancesRevision = textSource.revision();
  }
  let instance = instances.get(lng);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, resources: textSource.resources(), lng })
      .then(() => rememberPlainTexts(created));
    instances.set(lng, instance);
  }
  return instance;
}

/** At most this many texts are remembered per language: the site's keys are far fewer. */
export const REMEMBERED_TEXTS_MAX = 5000;
// What useTranslation's and getFixedT's functions add to every call; any other option (a count, a
// value to interpolate, a default) makes the text one to work out each time.
const FIXED_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);

/**
 * A text asked for with no options of its own is the same on every call: i18next works it out once
 * (its lookup was a twelfth of a /confirm render, decision 0015). The instance's resources are never
 * changed on the server, so nothing goes stale.
 */
export function rememberPlainTexts(instance: I18n): I18n {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const remembered = new Map<string, unknown>();
  const plainKey = (key: unknown, options: unknown): string | undefined => {
    if (typeof key !== "string") return undefined;
    if (options === undefined) return `\u0000\u0000\u0000${key}`;
    if (typeof options !== "object" || options === null) return undefined;
    const fixed: string[] = [];
    for (const [name, value] of Object.entries(options)) {
      if (!FIXED_OPTIONS.has(name)) return undefined;
      if (value != null && typeof value !== "string" && !(Array.isArray(value) && value.every((v) => typeof v === "string"))) return undefined;
      fixed.push(`${name}=${String(value ?? "")}`);
    }
    return `${fixed.sort().join("\u0000")}\u0000${key}`;
  };
  instance.t = ((...args: unknown[]) => {
    const cacheKey = args.length <= 2 ? plainKey(args[0], args[1]) : undefined;
    if (cacheKey === undefined) return translate(...args);
    if (remembered.has(cacheKey)) return remembered.get(cacheKey);
    const text = translate(...args);
    if (typeof text === "string" && remembered.size < REMEMBERED_TEXTS_MAX) remembered.set(cacheKey, text);
    return text;
  }) as unknown as I18n["t"];
  return instance;
}

/** A translate function for messages built on the server (e.g. a 429 answer), in the request's language. */
export async function getFixedT(request: Request, ns: string | string[] = "common"): Promise<TFunction> {
  const lng = await getLanguage(request);
  return (await i18nFor(lng)).getFixedT(lng, ns) as TFunction;
}

/** A page's namespaces in the request's language, for its loader's `i18n` (decision 0014). */
export async function pageTexts(request: Request, ...ns: Namespace[]): Promise<PageTexts> {
  const [lng] = await Promise.all([getLanguage(request), textSource.refresh()]);
  return textsIn(lng, ns);
}

/** The admin login's texts only: the panel's labels stay with the session (a stranger's page names none of them). */
export async function adminLoginTexts(request: Request): Promise<PageTexts> {
  const lng = await getLanguage(request);
  return { [lng]: { dashboard: { login: resources[lng].dashboard.login } } };
}

/**
 * Namespaces in the given languages (the admin's cards and share texts use each invitation's
 * language), with the couple's content as this worker last read it (the root loader and
 * pageTexts read it first).
 */
export function textsIn(lngs: Language | readonly Language[], ns: readonly Namespace[]): PageTexts {
  const list: readonly Language[] = typeof lngs === "string" ? [lngs] : lngs;
  const current = textSource.resources();
  return Object.fromEntries(list.map((lng) => [lng, Object.fromEntries(ns.map((n) => [n, current[lng][n]]))]));
}
