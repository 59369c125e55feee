/**
 * The couple's names and the site's media files: the part of the couple's content the first
 * screen needs (the hero, the page title, the music), apart from the rest (./wedding.ts, which
 * re-exports it) so the home page's first load does not carry the sections' content (decision 0014).
 */

export interface Couple {
  /** As shown in the hero and the page title. */
  names: string;
  bride: string;
  groom: string;
}

export interface Media {
  /** Hero background video; optional (a tinted background shows when the file is missing). */
  heroVideo: string;
  /** The small ornament above the couple's names (the hero's first image, never lazy). */
  heroOrnament: string;
  /** Looping background music for the whole site. */
  music: string;
  /** The portrait beside the quotes. */
  portrait: string;
}

export const couple: Couple = { names: "Valeria & Sebastián", bride: "Valeria", groom: "Sebastián" };

export const media: Media = {
  heroVideo: "/media/hero.mp4",
  heroOrnament: "/images/ornament.svg",
  music: "/media/music.mp3",
  portrait: "/images/portrait.svg",
};
