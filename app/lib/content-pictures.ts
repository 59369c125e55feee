import { INFO_CARD_IDS, moments as defaultMoments, schedule } from "~/content/wedding";
import type { SiteContent } from "~/lib/content-schemas";
import { inLanguage, type TextPair } from "~/lib/in-language";

/**
 * The content's pictures (decision 0044): each story moment's photos, each information card's image,
 * the ceremony's and the reception's. Each lives in its sub-section's content (a new version on
 * each upload, so 'Historial', 'Restaurar' and the export cover it); absent, the default of
 * app/content/wedding.ts. A moment keeps its default layout and number of photos.
 *
 * A picture is named in a form by its target: `story.{moment}.{photo}`, `info.{card}`,
 * `couple.ceremony` or `couple.reception`. No I/O: the editor and the server both use it.
 */
export type PictureTarget =
  { section: "story"; moment: number; photo: number } | { section: "info"; card: number } | { section: "couple"; event: "ceremony" | "reception" };
export type PictureSection = PictureTarget["section"];
export const isPictureSection = (section: string): section is PictureSection => section === "story" || section === "info" || section === "couple";

/** The intent of a picture's description form ('Guardar descripción'). */
export const DESCRIBE_PICTURE = "describePicture";

export const pictureName = (target: PictureTarget): string =>
  target.section === "story" ? `story.${target.moment}.${target.photo}` : target.section === "info" ? `info.${target.card}` : `couple.${target.event}`;

/** A posted target, or null when it names no picture there is. */
export function parsePictureTarget(value: string | undefined): PictureTarget | null {
  const story = /^story\.(\d)\.(\d)$/.exec(value ?? "");
  if (story) {
    const moment = Number(story[1]);
    const photo = Number(story[2]);
    return photo < (defaultMoments[moment]?.images.length ?? 0) ? { section: "story", moment, photo } : null;
  }
  const info = /^info\.(\d)$/.exec(value ?? "");
  if (info) return Number(info[1]) < INFO_CARD_IDS.length ? { section: "info", card: Number(info[1]) } : null;
  if (value === "couple.ceremony" || value === "couple.reception") return { section: "couple", event: value === "couple.ceremony" ? "ceremony" : "reception" };
  return null;
}

/** The photos a moment shows: the couple's, else the default ones. */
export const momentImages = (content: SiteContent["story"], moment: number): string[] =>
  content.moments[moment]?.images ?? defaultMoments[moment]?.images ?? [];
/** The image an information card shows. */
export const cardImage = (content: SiteContent["info"], card: number): string => content.cards[card]?.image ?? `/images/info/${INFO_CARD_IDS[card]}.svg`;
/** The ceremony's or the reception's photo. */
export const eventImage = (content: SiteContent["couple"], event: "ceremony" | "reception"): string => content[`${event}Image`] ?? schedule[event].image;

/** The picture a target shows now. */
export function pictureOf(content: SiteContent, target: PictureTarget): string {
  if (target.section === "story") return momentImages(content.story, target.moment)[target.photo] ?? "";
  if (target.section === "info") return cardImage(content.info, target.card);
  return eventImage(content.couple, target.event);
}

/**
 * The sub-section's value with one picture replaced by `src` (the new version an upload saves). A
 * new photo starts with an empty description: the one before described another photo.
 */
export function withPicture(content: SiteContent, target: PictureTarget, src: string): SiteContent[PictureSection] {
  return withDescription(withPictureOnly(content, target, src), target, EMPTY_DESCRIPTION);
}

function withPictureOnly(content: SiteContent, target: PictureTarget, src: string): SiteContent {
  if (target.section === "story") {
    const { moment, photo } = target;
    const moments = content.story.moments.map((m, i) => {
      if (i !== moment) return m;
      const images = [...momentImages(content.story, i)];
      images[photo] = src;
      return { ...m, images };
    });
    return { ...content, story: { ...content.story, moments } };
  }
  if (target.section === "info") {
    const { card } = target;
    return { ...content, info: { ...content.info, cards: content.info.cards.map((c, i) => (i === card ? { ...c, image: src } : c)) } };
  }
  return { ...content, couple: { ...content.couple, [`${target.event}Image`]: src } };
}

const EMPTY_DESCRIPTION: TextPair = { es: "", en: "" };

/** Whether a picture is one the couple uploaded (a default one is the site's own, with its own description). */
export const isUploadedPicture = (src: string): boolean => src.startsWith("/media/site/");

/** The couple's description of a picture (empty when they wrote none). */
export function descriptionOf(content: SiteContent, target: PictureTarget): TextPair {
  if (target.section === "story") return content.story.moments[target.moment]?.imageDescriptions?.[target.photo] ?? EMPTY_DESCRIPTION;
  if (target.section === "info") return content.info.cards[target.card]?.imageDescription ?? EMPTY_DESCRIPTION;
  return content.couple[`${target.event}ImageDescription`] ?? EMPTY_DESCRIPTION;
}

/** The sub-section's value with one picture's description set ('Guardar descripción': a new version). */
export function withDescription(content: SiteContent, target: PictureTarget, description: TextPair): SiteContent[PictureSection] {
  if (target.section === "story") {
    const { moment, photo } = target;
    const moments = content.story.moments.map((m, i) => {
      if (i !== moment) return m;
      const count = momentImages(content.story, i).length;
      const imageDescriptions = Array.from({ length: count }, (_, n) => (n === photo ? description : (m.imageDescriptions?.[n] ?? EMPTY_DESCRIPTION)));
      return { ...m, imageDescriptions };
    });
    return { ...content.story, moments };
  }
  if (target.section === "info") {
    const { card } = target;
    return { ...content.info, cards: content.info.cards.map((c, i) => (i === card ? { ...c, imageDescription: description } : c)) };
  }
  return { ...content.couple, [`${target.event}ImageDescription`]: description };
}

/**
 * What a page says a picture shows, in a language: null for a default picture (the page uses the
 * site's own description of it); for the couple's, their description (English left empty shows the
 * Spanish one), or "" when they wrote none (the page then says whose photo it is). The description
 * is data, shown as typed, never a template.
 */
export function pictureDescriptionIn(src: string, description: TextPair | undefined, lang: string): string | null {
  if (!isUploadedPicture(src)) return null;
  return description ? inLanguage(description, lang).trim() : "";
}

/**
 * A text form's value with the pictures the sub-section has now and their descriptions: the text
 * forms carry neither (an upload or a picture's own form changes them), so saving texts keeps them.
 */
export function keepPictures<S extends keyof SiteContent>(section: S, value: SiteContent[S], previous: SiteContent[S]): SiteContent[S] {
  const defined = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
  if (section === "story") {
    const [next, before] = [value as SiteContent["story"], previous as SiteContent["story"]];
    const moments = next.moments.map(({ images: _ignored, imageDescriptions: _described, ...m }, i) => ({
      ...m,
      ...defined({ images: before.moments[i]?.images, imageDescriptions: before.moments[i]?.imageDescriptions }),
    }));
    return { ...next, moments } as SiteContent[S];
  }
  if (section === "info") {
    const [next, before] = [value as SiteContent["info"], previous as SiteContent["info"]];
    const cards = next.cards.map(({ image: _ignored, imageDescription: _described, ...c }, i) => ({
      ...c,
      ...defined({ image: before.cards[i]?.image, imageDescription: before.cards[i]?.imageDescription }),
    }));
    return { ...next, cards } as SiteContent[S];
  }
  if (section === "couple") {
    const [next, before] = [value as SiteContent["couple"], previous as SiteContent["couple"]];
    const { ceremonyImage: _c, receptionImage: _r, ceremonyImageDescription: _cd, receptionImageDescription: _rd, ...texts } = next;
    return {
      ...texts,
      ...defined({
        ceremonyImage: before.ceremonyImage,
        receptionImage: before.receptionImage,
        ceremonyImageDescription: before.ceremonyImageDescription,
        receptionImageDescription: before.receptionImageDescription,
      }),
    } as SiteContent[S];
  }
  return value;
}

/** Every uploaded picture's address a stored version names (the boot sweep keeps their files). */
export function uploadedPictures(data: string): string[] {
  return data.match(/\/media\/site\/[A-Za-z0-9-]+\.(?:jpg|png|webp)/g) ?? [];
}
