import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { ThemeProvider, useTheme, type Theme } from "~/lib/remix-themes";
import { useToastsRequested } from "./components/layout/useToastsRequested";
import { useRouteNamespaces } from "./components/layout/RouteTexts";
import { SiteHeader } from "./components/layout/SiteHeader";
// Every part the server renders is in the first load and hydrates with the page: a part whose code
// came later sat in a boundary that an update before its code arrived threw away, with a script
// error in the guest's browser (React's #421 and #345; decision 0014, point 5, withdrawn).
import { SiteFooter } from "./components/layout/SiteFooter";
import { ClientStateMirror } from "./components/layout/ClientStateMirror";
import { FlashToast } from "./components/layout/FlashToast";
import { ErrorPageTexts } from "./components/layout/ErrorPageTexts";
import { Music } from "./components/music/Music";
import { HeadScript } from "./components/layout/ThemeScript";
// The site's own CSS is small: inlined into the page (and a route's with `handle.inlineCss`), so the first paint waits for no stylesheet.
import { InlineStyles } from "./components/layout/InlineCss";
import { useNonce } from "./components/nonce";
import { couple } from "./content/couple";
import { currentContent } from "~/models/content-live.server";
import { datesOf } from "~/models/content-dates.server";
import { coupleTexts, weddingEventOf } from "~/models/content-texts.server";
import { getFixedT, getLanguage, textsIn } from "~/infra/i18n.server";
import { siteNamespaces, type PageTexts } from "~/locales/namespaces";
import { DEFAULT_LANGUAGE } from "~/lib/constants";
import { findInvitationByCode } from "~/models/invitations.server";
import { siteMedia } from "~/models/content-media.server";
import { guestView } from "~/lib/invitation-view";
import { DEFAULT_TIME_ZONE } from "~/lib/venue-time";
import { getStoredCode, takeToast } from "~/infra/session.server";
import { getTheme } from "~/infra/theme.server";

// The toast container is loaded with the first toast (useToastsRequested), off the first load.
const ToastHost = lazy(() => import("./components/layout/ToastHost"));

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // The couple's content is read first: the texts below carry it.
  const [lang, theme, code, flash, content, media] = await Promise.all([
    getLanguage(request),
    getTheme(request),
    getStoredCode(request),
    takeToast(request),
    currentContent(),
    siteMedia(),
  ]);
  const dates = datesOf(content.couple);
  const invitation = code ? await findInvitationByCode(code) : null;
  // Translated here: a flash's key may belong to a namespace the next page's bundle does not carry.
  const t = flash.toast ? await getFixedT(request) : null;
  return data(
    {
      lang,
      /** The header's, footer's and toggles' texts (every page's); each route's loader sends its own. */
      i18n: textsIn(lang, siteNamespaces),
      theme,
      toast: flash.toast && t ? { kind: flash.toast.kind, message: t(flash.toast.key, flash.toast.values) } : null,
      /** The invitation stored for this browser (what it keeps as invitationCode/invitation in wedding-storage). */
      invitation: invitation ? { code: invitation.code, ...guestView(invitation) } : null,
      weddingDate: dates.weddingDate,
      rsvpDeadline: dates.rsvpDeadline,
      /** The venue's IANA zone ('Pareja y fechas'): the browser shows every date in it. */
      timeZone: dates.timeZone,
      /** The couple's names and place in the page's language: data, shown as typed (decision 0035). */
      couple: coupleTexts(content.couple, lang),
      /** The calendar event's names, place and times ('Añadir al calendario'). */
      event: weddingEventOf(content.couple, lang),
      /** The couple's portrait, hero video and music as set in Contenido → Multimedia (null: none). */
      media,
    },
    { headers: flash.setCookie ? { "Set-Cookie": flash.setCookie } : undefined },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** The venue's time zone the pages show dates in (the root loader's; Panamá on a page without it). */
export function useVenueTimeZone(): string {
  return useRootData()?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The root loader's data from any route or component. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootData | undefined;
}

/** The couple's names as the root's data carries them ('Contenido'), for a page's title. */
export function coupleNamesIn(matches: readonly { id: string; data?: unknown }[]): string {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  return root?.couple.names ?? couple.names;
}

/**
 * An admin page's title: its heading (`dashboard:{page}.title`, from the texts its loader sent) in
 * the page's language and the couple's saved names, so a saved or printed page carries the couple's
 * names, never the demo's.
 */
export function adminPageTitle(matches: readonly { id: string; data?: unknown }[], texts: PageTexts | undefined, page: "print" | "import"): string {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const section = texts?.[root?.lang ?? DEFAULT_LANGUAGE]?.dashboard?.[page] as { title?: string } | undefined;
  return section?.title ? `${section.title} · ${coupleNamesIn(matches)}` : coupleNamesIn(matches);
}

// Each page sets its own title; this is the fallback: the couple's names.
export const meta: MetaFunction<typeof loader> = ({ matches }) => [{ title: coupleNamesIn(matches) }];

function Document({ children, lang, ssrTheme, flash }: { children: React.ReactNode; lang: string; ssrTheme: Theme | null; flash: boolean }) {
  const [theme] = useTheme();
  const nonce = useNonce();
  const toastsRequested = useToastsRequested(flash);
  const scheme = theme ?? "light";
  return (
    <html lang={lang} className={theme ?? undefined} data-mantine-color-scheme={scheme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={scheme === "dark" ? "dark light" : "light dark"} />
        {/* A phone paints what has arrived of a page while the rest comes, but not before the
            page's own markup has all arrived (up to #page-end, below): a header painted in part
            would move as its last tools arrived, the footer (held at the bottom of a short page)
            would climb as its lines arrived, the music control's play button would move left as
            its second button came. The page's data and scripts after it do not hold the paint.
            Browsers without `rel="expect"` ignore it. */}
        <link rel="expect" href="#page-end" blocking="render" />
        <Meta />
        {/* Installable and usable offline (decision 0064): the manifest, the browser's bar in the
            site's colours, and the service worker's registration, a file of its own (public/, not
            this bundle) run once the page has loaded and come to life (decision 0076). */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#fbf8f3" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#15181a" />
        {import.meta.env.PROD ? <script nonce={nonce} src="/register-sw.js" defer suppressHydrationWarning /> : null}
        <HeadScript nonce={nonce} themeKnown={ssrTheme !== null} />
        <InlineStyles nonce={nonce} />
        <Links />
      </head>
      <body>
        {toastsRequested ? (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        ) : null}
        {children}
        {/* The end of the page's own markup: its first paint waits for it (rel="expect" above).
            An element's start tag is what the browser waits for, so it comes after the last part. */}
        <span id="page-end" hidden />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  useRouteNamespaces();
  const data = useRootData();
  // Without the root's data (its loader failed), the language the server rendered in.
  const { i18n } = useTranslation();
  const theme = data?.theme ?? null;
  return (
    <ThemeProvider specifiedTheme={theme} themeAction="/action/set-theme">
      <Document lang={data?.lang ?? i18n.language ?? "es"} ssrTheme={theme} flash={Boolean(data?.toast)}>
        {data ? null : <ErrorPageTexts />}
        {children}
      </Document>
    </ThemeProvider>
  );
}

export default function App() {
  const data = useRootData()!;
  useChangeLanguage(data.lang);
  // The toast's code is requested here, not by a part that may be gone before it arrives: the next
  // load of the root's data (a dialog closing, a navigation) no longer carries the message.
  const toast = data.toast;
  useEffect(() => {
    if (toast) void import("./components/layout/show-toast").then((module) => module.showToast(toast));
  }, [toast]);
  // The page has come to life: the service worker's registration (public/register-sw.js) waits for
  // this, so the worker's first download never competes with the page's own scripts (decision 0076).
  useEffect(() => void window.dispatchEvent(new Event("site:alive")), []);
  // A page that is a screen of its own (the slideshow: `handle.bare`) has no header, footer or music.
  const bare = useMatches().some((m) => (m.handle as { bare?: boolean } | undefined)?.bare === true);
  // The admin is a workspace, not the guests' site: no music there, so neither its first tap starts
  // it nor its hint covers a control.
  const admin = /^\/admin(\/|$)/.test(useLocation().pathname);
  return (
    <>
      {bare ? null : <SiteHeader names={data.couple.names} confirmed={data.invitation?.confirmed ?? false} declined={data.invitation?.status === "declined"} />}
      <main id="main">
        <Outlet />
      </main>
      {bare ? null : <SiteFooter weddingDate={data.weddingDate} timeZone={data.timeZone} names={data.couple.names} city={data.couple.city} />}
      {bare || admin || !data.media.music ? null : <Music src={data.media.music} />}
      {toast ? <FlashToast toast={toast} /> : null}
      <ClientStateMirror lang={data.lang} theme={data.theme} invitation={data.invitation} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const keys: Record<number, string> = { 400: "badRequest", 401: "unauthorized", 404: "notFound", 413: "tooLarge" };
  const key = keys[status] ?? "errorBoundary";
  return (
    <main id="main" className="page narrow center">
      <h1>{t(`${key}.title`)}</h1>
      <p>{t(`${key}.description`)}</p>
      <a className="button" href="/">
        {t("backHome")}
      </a>
    </main>
  );
}
