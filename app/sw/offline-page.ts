/**
 * The offline page's script (`/offline.js`, bundled by scripts/build-sw.mjs next to
 * `/offline.html`, decision 0064). A file, not an inline script: the page is served with the CSP of
 * the response it was kept from, whose nonce nothing here can know.
 *
 * In the head, at once: the language and theme the site last used in this browser (without it both
 * languages show, one after the other). Once the page is read: only the links to pages this
 * browser really keeps stay (the service worker's pages cache); a link to a page never kept would
 * only bring this page back. With none kept, the page says so.
 */
import { OFFLINE_CACHES } from "~/lib/offline-rules";

type Language = "es" | "en";
const isLanguage = (value: unknown): value is Language => value === "es" || value === "en";

function language(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem("i18nextLng");
  } catch {
    // Storage refused: the cookie or the browser's language.
  }
  if (isLanguage(stored)) return stored;
  const cookie = /(?:^|;\s*)lng=([^;]*)/.exec(document.cookie);
  try {
    const value: unknown = cookie ? JSON.parse(atob(decodeURIComponent(cookie[1]!))) : null;
    if (isLanguage(value)) return value;
  } catch {
    // Not the site's cookie.
  }
  const browser = navigator.language || "";
  return /^en\b/i.test(browser) ? "en" : "es";
}

function theme(): string | null {
  try {
    return localStorage.getItem("theme");
  } catch {
    return null;
  }
}

const root = document.documentElement;
const lng = language();
root.lang = lng;
root.classList.add(`lang-${lng}`);
const chosenTheme = theme();
if (chosenTheme === "dark" || chosenTheme === "light") root.classList.add(chosenTheme);

/** Whether the service worker keeps this page (any of its `?section=` copies counts for the gallery). */
async function kept(path: string): Promise<boolean> {
  const pages = await caches.open(OFFLINE_CACHES.pages);
  return (await pages.match(new URL(path, location.origin).href, { ignoreSearch: true })) !== undefined;
}

async function showKeptLinks() {
  const title = document.getElementById(`title-${lng}`);
  if (title?.textContent) document.title = title.textContent;
  // Listed hidden: each is shown once this browser is known to keep it.
  const links = [...document.querySelectorAll<HTMLAnchorElement>("a[data-kept-page]")];
  const paths = [...new Set(links.map((link) => link.getAttribute("href") ?? "/"))];
  const keptPaths = new Set<string>();
  await Promise.all(
    paths.map(async (path) => {
      // Without the caches' API (never where a service worker runs), or a lookup that fails, the
      // link is shown: at worst it brings this page back.
      if (typeof caches === "undefined" || (await kept(path).catch(() => true))) keptPaths.add(path);
    }),
  );
  for (const link of links) link.closest("li")!.hidden = !keptPaths.has(link.getAttribute("href") ?? "/");
  for (const section of document.querySelectorAll("section")) {
    const none = keptPaths.size === 0;
    for (const element of section.querySelectorAll<HTMLElement>(".kept")) element.hidden = none;
    for (const element of section.querySelectorAll<HTMLElement>(".nothing-kept")) element.hidden = !none;
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => void showKeptLinks());
else void showKeptLinks();
