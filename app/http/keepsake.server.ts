import type { Language } from "~/lib/constants";
import { formatLongDate } from "~/lib/dates";
import { keepsakePages, type KeepsakeData, type KeepsakeT } from "~/lib/keepsake-html";
import { safeFileName } from "~/lib/photo-names";
import { i18nFor } from "~/infra/i18n.server";
import { foldersOf, type GalleryArchive } from "~/models/archive.server";
import { homeFacts } from "~/models/content-texts.server";
import { weddingDates } from "~/models/content-dates.server";
import { listSections, sectionIn } from "~/models/gallery.server";
import { listInvitations } from "~/models/invitations.server";
import { listPublishedWishes } from "~/models/wishes.server";

/**
 * 'Descargar recuerdo' (decision 0053): the couple's keepsake as a ZIP, a small static website in
 * `lang` whose pages (app/lib/keepsake-html.ts) are written first and link to every published
 * photo and video of every section (active or not), stored full size under
 * `fotos/<section>/` (`photos/` in English), streamed like the gallery's ZIP.
 */
export async function keepsakeArchive(lang: Language, now = new Date()): Promise<GalleryArchive> {
  const [facts, { weddingDate, timeZone }, sections, wishes, invitations, i18n] = await Promise.all([
    homeFacts(lang),
    weddingDates(),
    listSections({ includeInactive: true }),
    listPublishedWishes(),
    listInvitations(),
    i18nFor(lang),
  ]);
  const t = i18n.getFixedT(lang, "keepsake") as unknown as KeepsakeT;
  // The folder for the photos is ours (never a typed name); the sections' names are made safe inside it.
  const folders = await foldersOf(sections, safeFileName(t("photosFolder"), "fotos"));
  const data: KeepsakeData = {
    lang,
    names: facts.names,
    date: formatLongDate(weddingDate, lang, timeZone),
    place: [facts.place.venue, facts.place.city].filter(Boolean).join(", "),
    madeOn: formatLongDate(now.toISOString(), lang, timeZone),
    moments: facts.moments.map((m) => ({ title: m.title, description: m.description })),
    sections: sections.map((section, i) => {
      const shown = sectionIn(section, lang);
      return {
        title: shown.name,
        description: shown.description || null,
        items: folders[i].photos.map((p) => ({ path: `${folders[i].name}/${p.name}`, type: p.type, name: p.originalName, uploader: p.uploader })),
      };
    }),
    // Oldest first: the keepsake reads as the day went.
    wishes: [...wishes].reverse().map((w) => ({ name: w.name, message: w.message })),
    invitations: [...invitations].reverse().map((inv) => ({
      primaryGuest: inv.primaryGuest,
      status: inv.status,
      guests: inv.guests.map((g) => ({ fullName: g.fullName, dietary: g.dietary })),
      message: inv.message,
    })),
  };
  return {
    fileName: safeFileName(t("fileName", { names: facts.names }), "recuerdo"),
    pages: keepsakePages(data, t),
    folders,
  };
}
