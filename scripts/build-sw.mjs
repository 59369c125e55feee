#!/usr/bin/env node
// @ts-check
// Run after `remix vite:build` (npm run build, npm start): the service worker and the offline page
// (docs/decisions/0064-the-service-worker.md).
//   1. build/client/offline.html (+ offline.js, bundled from app/sw/offline-page.ts): the page shown
//      when a navigation fails and nothing was kept for it, static, both languages
//      (app/locales/{es,en}/offline.json), the site's colours light and dark; its script picks the
//      language and theme the site last used in this browser and links only the pages kept in it.
//   2. app/sw/service-worker.ts bundled with esbuild (Workbox's modules inside it).
//   3. Workbox's injectManifest writes the build's files and their revisions into it: build/client/sw.js.
//
//   BUILD_DIR=build-x node scripts/build-sw.mjs
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const client = path.join(buildDir, "client");
if (!fs.existsSync(path.join(client, "assets"))) {
  console.error(`No client build in ${client}: run \`remix vite:build\` first.`);
  process.exit(1);
}

/** @param {string} lang */
const texts = (lang) => /** @type {Record<string, string>} */ (JSON.parse(fs.readFileSync(path.join(root, "app", "locales", lang, "offline.json"), "utf8")));
const es = texts("es");
const en = texts("en");

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The pages a guest may find kept, each listed hidden: offline.js shows those this browser keeps
 * (app/sw/offline-page.ts), or says that none is.
 * @param {Record<string, string>} t
 */
const keptPages = (t) => [
  { href: "/", text: t.home },
  { href: "/confirm", text: t.invitation },
  { href: "/gallery", text: t.gallery },
];

/** @param {string} lang @param {Record<string, string>} t */
const section = (lang, t) => `<section lang="${lang}" class="in-${lang}" aria-labelledby="title-${lang}">
<h1 id="title-${lang}">${escapeHtml(t.title)}</h1>
<p class="kept">${escapeHtml(t.description)}</p>
<ul class="kept">
${keptPages(t)
  .map(({ href, text }) => `<li hidden><a href="${href}" data-kept-page>${escapeHtml(text)}</a></li>`)
  .join("\n")}
</ul>
<p class="nothing-kept" hidden>${escapeHtml(t.nothingKept)}</p>
<p class="muted">${escapeHtml(t.retry)}</p>
</section>`;

// The site's colours (app/styles/app.css): light by default, dark by the system's preference or
// the theme the visitor chose (offline.js sets the class, as the site's own head script does).
const light = "--bg:#fbf8f3;--surface:#ffffff;--text:#2b2622;--text-muted:#5c544c;--accent:#3a6f4b;--border:#e2d9cc;color-scheme:light";
const dark = "--bg:#15181a;--surface:#1f2427;--text:#f1ece4;--text-muted:#c4bcb2;--accent:#97bba0;--border:#39424a;color-scheme:dark";
const css = `:root{${light}}
@media (prefers-color-scheme: dark){:root:not(.light){${dark}}}
html.dark{${dark}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
main{max-width:32rem;margin:1.5rem;padding:2rem;background:var(--surface);border:1px solid var(--border);border-radius:12px}
h1{font-family:"Iowan Old Style","Palatino Linotype",Palatino,Georgia,"Times New Roman",serif;font-weight:500;margin-top:0}
ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.75rem}
a{display:inline-flex;align-items:center;min-height:44px;padding:0 1rem;border:1px solid var(--accent);border-radius:999px;color:var(--accent);text-decoration:none}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.muted{color:var(--text-muted)}
section+section{margin-top:2rem;padding-top:2rem;border-top:1px solid var(--border)}
html.lang-es .in-en,html.lang-en .in-es{display:none}
html.lang-es section+section,html.lang-en section+section{margin-top:0;padding-top:0;border-top:0}`;

const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(es.title)} · ${escapeHtml(en.title)}</title>
<script src="/offline.js"></script>
<style>${css}</style>
</head>
<body>
<main id="main">
${section("es", es)}
${section("en", en)}
</main>
</body>
</html>
`;

fs.writeFileSync(path.join(client, "offline.html"), html);
// Its script (the language, the theme, the links to what is kept), with the caches' names from the
// one place the worker reads them too (app/lib/offline-rules.ts).
/**
 * One of the worker's scripts (app/sw/), bundled for the browser with the app's paths.
 * @param {string} entry @param {string} outfile @param {Record<string, string>} [define]
 */
const bundle = (entry, outfile, define = {}) =>
  build({
    entryPoints: [path.join(root, "app", "sw", entry)],
    bundle: true,
    format: "iife",
    target: "es2020",
    minify: true,
    outfile,
    tsconfig: path.join(root, "tsconfig.json"),
    define,
    logLevel: "error",
  });

await bundle("offline-page.ts", path.join(client, "offline.js"));

const bundled = path.join(buildDir, "service-worker.bundle.js");
await bundle("service-worker.ts", bundled, { "process.env.NODE_ENV": '"production"' });

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: path.join(client, "sw.js"),
  globDirectory: client,
  // The build's scripts and styles (every page's, so a page opened later still has its code) and
  // the offline page. Photos, video and music are not precached: the thumbnails a guest saw are kept
  // as they are seen.
  globPatterns: ["assets/*.{js,css}", "offline.html", "offline.js", "favicon.svg"],
  // Fingerprinted names: the name is the revision.
  dontCacheBustURLsMatching: /^assets\//,
});
fs.rmSync(bundled);
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KB raw)`);
