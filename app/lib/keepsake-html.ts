/**
 * The keepsake's pages ('Descargar recuerdo'): a small static website the couple keeps on their
 * own disk, opened from `file://` in any browser. Plain HTML and one stylesheet: no script, no
 * address outside the folder (every link is relative), so it works offline and for as long as a
 * browser reads HTML. Every text the couple or a guest typed is escaped; so is every app text
 * (i18next fills values in without escaping). Pure: the server gathers the data and streams the ZIP.
 */
import { escapeHtml } from "./escape-html";

/** A translate function in the keepsake's language (the `keepsake` namespace). */
export type KeepsakeT = (key: string, values?: Record<string, string | number>) => string;

export interface KeepsakeItem {
  /** The file's path inside the ZIP, relative to the pages: safe names joined by "/". */
  path: string;
  type: "IMAGE" | "VIDEO";
  /** The name it was uploaded under and the guest who sent it (as typed). */
  name: string;
  uploader: string | null;
}

export interface KeepsakeSection {
  title: string;
  description: string | null;
  items: KeepsakeItem[];
}

export interface KeepsakeGuest {
  fullName: string;
  dietary: string | null;
}

export interface KeepsakeInvitation {
  primaryGuest: string;
  status: "confirmed" | "declined" | "pending";
  guests: KeepsakeGuest[];
  message: string | null;
}

export interface KeepsakeData {
  lang: "es" | "en";
  names: string;
  /** The wedding's date in words, in the venue's time zone, and the place. */
  date: string;
  place: string;
  /** When the keepsake was made, in words. */
  madeOn: string;
  moments: { title: string; description: string }[];
  sections: KeepsakeSection[];
  wishes: { name: string; message: string }[];
  invitations: KeepsakeInvitation[];
}

/** The pages' file names inside the ZIP (ours: never from a typed name). */
export const KEEPSAKE_PAGES = { index: "index.html", guests: "guests.html", css: "style.css" } as const;

const CSS = `:root { color-scheme: light dark; --accent: #8a5a44; }
* { box-sizing: border-box; }
body { margin: 0; font: 17px/1.55 Georgia, "Times New Roman", serif; color: #2b2522; background: #fbf8f4; }
@media (prefers-color-scheme: dark) { body { color: #eee6df; background: #1e1a18; } :root { --accent: #e0b49a; } }
header, main, footer { max-width: 60rem; margin: 0 auto; padding: 1rem; }
header { text-align: center; padding-top: 2.5rem; }
h1 { font-size: 2.2rem; margin: 0.2em 0; overflow-wrap: anywhere; }
h2 { color: var(--accent); margin-top: 2.5rem; border-bottom: 1px solid currentColor; }
h3 { margin-bottom: 0.3rem; overflow-wrap: anywhere; }
nav { display: flex; gap: 1rem; justify-content: center; flex-wrap: wrap; }
a { color: var(--accent); }
p, li { overflow-wrap: anywhere; white-space: pre-line; }
.photos { list-style: none; padding: 0; display: grid; gap: 0.5rem; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); }
.photos img, .photos video { width: 100%; aspect-ratio: 1; object-fit: cover; display: block; background: #0002; border-radius: 4px; }
.wishes blockquote { margin: 0 0 1rem; padding: 0.5rem 1rem; border-left: 3px solid var(--accent); }
.guests li { margin-bottom: 0.4rem; }
footer { font-size: 0.9rem; opacity: 0.8; text-align: center; }
`;

const e = escapeHtml;

/** A path inside the ZIP as a relative URL: each name percent-encoded ("#", "?", "%" and spaces are names, not syntax). */
function href(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function page(data: KeepsakeData, t: KeepsakeT, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${data.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<link rel="stylesheet" href="${KEEPSAKE_PAGES.css}">
</head>
<body>
<header>
<h1>${e(data.names)}</h1>
<p>${e([data.date, data.place].filter(Boolean).join(" · "))}</p>
<nav><a href="${KEEPSAKE_PAGES.index}">${e(t("homePage"))}</a> <a href="${KEEPSAKE_PAGES.guests}">${e(t("guestsPage"))}</a></nav>
</header>
<main>
${body}
</main>
<footer><p>${e(t("madeOn", { date: data.madeOn }))}</p></footer>
</body>
</html>
`;
}

function item(it: KeepsakeItem, t: KeepsakeT): string {
  const link = href(it.path);
  if (it.type === "VIDEO") {
    const label = it.uploader ? t("videoBy", { name: it.name, uploader: it.uploader }) : t("video", { name: it.name });
    // preload="none": a page of many videos reads none of them until one is played.
    return `<li><video controls preload="none" src="${link}" aria-label="${e(label)}"></video><a href="${link}">${e(t("openVideo", { name: it.name }))}</a></li>`;
  }
  const alt = it.uploader ? t("photoBy", { name: it.name, uploader: it.uploader }) : it.name;
  return `<li><a href="${link}"><img src="${link}" alt="${e(alt)}" loading="lazy"></a></li>`;
}

/** index.html: names, date, the story, every section's photos and videos, the wishes. */
function indexPage(data: KeepsakeData, t: KeepsakeT): string {
  const story = data.moments
    .filter((m) => m.title || m.description)
    .map((m) => `<h3>${e(m.title)}</h3>\n<p>${e(m.description)}</p>`)
    .join("\n");
  const sections = data.sections
    .map((s) => {
      const photos = s.items.length ? `<ul class="photos">\n${s.items.map((it) => item(it, t)).join("\n")}\n</ul>` : `<p>${e(t("noPhotos"))}</p>`;
      return `<section>\n<h3>${e(s.title)}</h3>\n${s.description ? `<p>${e(s.description)}</p>\n` : ""}${photos}\n</section>`;
    })
    .join("\n");
  const wishes = data.wishes.length
    ? data.wishes.map((w) => `<blockquote><p>${e(w.message)}</p><footer>${e(w.name)}</footer></blockquote>`).join("\n")
    : `<p>${e(t("noWishes"))}</p>`;
  const body = [
    story ? `<h2>${e(t("story"))}</h2>\n${story}` : "",
    `<h2>${e(t("gallery"))}</h2>\n<p>${e(t("galleryHint"))}</p>\n${sections}`,
    `<h2>${e(t("wishes"))}</h2>\n<div class="wishes">\n${wishes}\n</div>`,
  ]
    .filter(Boolean)
    .join("\n");
  return page(data, t, data.names, body);
}

/** guests.html, for the couple only: who came, who could not, who never answered, dietary notes, messages. */
function guestsPage(data: KeepsakeData, t: KeepsakeT): string {
  const list = (status: KeepsakeInvitation["status"], heading: string) => {
    const rows = data.invitations.filter((i) => i.status === status);
    // A confirmed invitation lists each guest who came; the others their primary guest.
    const people =
      status === "confirmed"
        ? rows.flatMap((i) => (i.guests.length ? i.guests : [{ fullName: i.primaryGuest, dietary: null }]))
        : rows.map((i) => ({ fullName: i.primaryGuest, dietary: null }));
    const items = people.map((g) => `<li>${e(g.fullName)}${g.dietary ? `<br><small>${e(t("guests.dietary", { note: g.dietary }))}</small>` : ""}</li>`);
    return `<h2>${e(t(heading, { count: people.length }))}</h2>\n${items.length ? `<ul class="guests">\n${items.join("\n")}\n</ul>` : `<p>${e(t("guests.none"))}</p>`}`;
  };
  const messages = data.invitations.filter((i) => i.message?.trim());
  const body = [
    `<p>${e(t("guests.private"))}</p>`,
    list("confirmed", "guests.confirmed"),
    list("declined", "guests.declined"),
    list("pending", "guests.pending"),
    `<h2>${e(t("guests.messages"))}</h2>`,
    messages.length
      ? `<div class="wishes">\n${messages.map((i) => `<blockquote><p>${e(i.message!)}</p><footer>${e(t("guests.messageFrom", { name: i.primaryGuest }))}</footer></blockquote>`).join("\n")}\n</div>`
      : `<p>${e(t("guests.noMessages"))}</p>`,
  ].join("\n");
  return page(data, t, `${t("guests.title")} · ${data.names}`, body);
}

/** The keepsake's three files: the home page, the couple's guest list, the stylesheet. */
export function keepsakePages(data: KeepsakeData, t: KeepsakeT): { name: string; text: string }[] {
  return [
    { name: KEEPSAKE_PAGES.index, text: indexPage(data, t) },
    { name: KEEPSAKE_PAGES.guests, text: guestsPage(data, t) },
    { name: KEEPSAKE_PAGES.css, text: CSS },
  ];
}
