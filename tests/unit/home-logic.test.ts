import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useMusic } from "~/components/music/MusicProvider";
import { accommodation, INFO_CARD_IDS, infoCards, moments, quotes, venue } from "~/content/wedding";
import { mapUrls, telHref } from "~/lib/venue-links";
import { nextCarouselOffset } from "~/lib/carousel";
import { countdownParts } from "~/lib/countdown";
import { heroVideoReducer, initialHeroVideoState, type HeroVideoEvent } from "~/lib/hero-video";
import { clampVolume, displayedVolume, initialMusicState, isAutoplayRefusal, musicReducer, showAutoplayHint, type MusicEvent } from "~/lib/music";
import en from "~/locales/en/home.json";
import es from "~/locales/es/home.json";

describe("countdown", () => {
  const target = "2026-01-17T16:00:00-05:00";
  it("splits the time left into days, hours, minutes and seconds", () => {
    expect(countdownParts(target, new Date("2026-01-15T14:58:30-05:00"))).toEqual({ days: 2, hours: 1, minutes: 1, seconds: 30, done: false });
    expect(countdownParts(target, new Date("2026-01-17T15:59:59-05:00"))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false });
  });
  it("is done at and after the moment", () => {
    expect(countdownParts(target, new Date(target)).done).toBe(true);
    expect(countdownParts(target, new Date("2026-03-01T00:00:00Z"))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });
});

describe("music player state", () => {
  const run = (...events: MusicEvent[]) => events.reduce(musicReducer, initialMusicState);

  it("starts at volume 0.5, not playing, not ready", () => {
    expect(initialMusicState).toEqual({ isPlaying: false, volume: 0.5, isMuted: false, isReady: false, autoplayBlocked: false, userInteracted: false });
  });

  it("unmuted autoplay: playing with sound, no hint", () => {
    const s = run({ type: "ready" }, { type: "playing", muted: false });
    expect(s).toMatchObject({ isPlaying: true, isMuted: false, autoplayBlocked: false });
    expect(showAutoplayHint(s)).toBe(false);
  });

  it("muted autoplay: playing, muted, no hint", () => {
    const s = run({ type: "playing", muted: true });
    expect(s).toMatchObject({ isPlaying: true, isMuted: true, autoplayBlocked: false });
    expect(showAutoplayHint(s)).toBe(false);
  });

  it("both refused: off and blocked, the hint shows until the first interaction, then playback clears the block", () => {
    let s = run({ type: "ready" }, { type: "autoplayBlocked" });
    expect(s).toMatchObject({ isPlaying: false, autoplayBlocked: true, userInteracted: false });
    expect(showAutoplayHint(s)).toBe(true);
    s = musicReducer(s, { type: "interacted" });
    expect(showAutoplayHint(s)).toBe(false);
    s = musicReducer(s, { type: "playing", muted: false });
    expect(s).toMatchObject({ isPlaying: true, autoplayBlocked: false, userInteracted: true });
  });

  it("play, pause, mute toggles", () => {
    let s = run({ type: "playing", muted: false }, { type: "paused" });
    expect(s.isPlaying).toBe(false);
    s = musicReducer(s, { type: "toggleMute" });
    expect(s.isMuted).toBe(true);
    s = musicReducer(s, { type: "toggleMute" });
    expect(s.isMuted).toBe(false);
    expect(musicReducer(s, { type: "setMuted", muted: false })).toBe(s);
  });

  it("volume stays in 0..1 on the 0.01 grid", () => {
    expect(run({ type: "setVolume", volume: 7 }).volume).toBe(1);
    expect(run({ type: "setVolume", volume: -1 }).volume).toBe(0);
    expect(run({ type: "setVolume", volume: 0.123 }).volume).toBe(0.12);
    expect(run({ type: "setVolume", volume: Number.NaN }).volume).toBe(0.5);
    expect(clampVolume(0.999)).toBe(1);
  });

  it("raising the volume while muted unmutes; setting it to 0 keeps it muted", () => {
    const muted = { ...initialMusicState, isMuted: true };
    expect(displayedVolume(muted)).toBe(0);
    expect(musicReducer(muted, { type: "setVolume", volume: 0 })).toMatchObject({ isMuted: true, volume: 0 });
    expect(musicReducer(muted, { type: "setVolume", volume: 0.01 })).toMatchObject({ isMuted: false, volume: 0.01 });
    expect(musicReducer(muted, { type: "setVolume", volume: 0.8 })).toMatchObject({ isMuted: false, volume: 0.8 });
    // Unmuted, lowering or raising only changes the volume.
    expect(musicReducer(initialMusicState, { type: "setVolume", volume: 0.2 })).toMatchObject({ isMuted: false, volume: 0.2 });
  });

  it("a load error marks the player not ready and stops it", () => {
    const s = run({ type: "ready" }, { type: "playing", muted: false }, { type: "loadError" });
    expect(s).toMatchObject({ isReady: false, isPlaying: false });
  });

  it("a load error after a blocked autoplay removes the hint (there is nothing to hear)", () => {
    const s = run({ type: "autoplayBlocked" }, { type: "loadError" });
    expect(showAutoplayHint(s)).toBe(false);
  });

  it("only NotAllowedError counts as the browser refusing autoplay", () => {
    expect(isAutoplayRefusal(Object.assign(new Error("blocked"), { name: "NotAllowedError" }))).toBe(true);
    expect(isAutoplayRefusal(Object.assign(new Error("no source"), { name: "NotSupportedError" }))).toBe(false);
    expect(isAutoplayRefusal("nope")).toBe(false);
  });

  it("useMusic outside its provider throws a clear error", () => {
    const Orphan = () => {
      useMusic();
      return null;
    };
    expect(() => renderToString(createElement(Orphan))).toThrow(/useMusic\(\) was called outside <MusicProvider>/);
  });
});

describe("hero video", () => {
  const run = (...events: HeroVideoEvent[]) => events.reduce(heroVideoReducer, initialHeroVideoState);
  it("a missing file (HEAD check) goes straight to the fallback", () => {
    expect(run({ type: "missing" })).toEqual({ status: "fallback", attempt: 0 });
  });
  it("an existing file plays; a load error retries once, a second error falls back", () => {
    expect(run({ type: "found" })).toEqual({ status: "playing", attempt: 0 });
    expect(run({ type: "found" }, { type: "error" })).toEqual({ status: "retrying", attempt: 0 });
    expect(run({ type: "found" }, { type: "error" }, { type: "retry" })).toEqual({ status: "playing", attempt: 1 });
    expect(run({ type: "found" }, { type: "error" }, { type: "retry" }, { type: "error" })).toEqual({ status: "fallback", attempt: 1 });
  });
  it("ignores events that do not apply", () => {
    expect(run({ type: "missing" }, { type: "found" }, { type: "retry" })).toEqual({ status: "fallback", attempt: 0 });
    expect(run({ type: "error" })).toEqual(initialHeroVideoState);
  });
});

describe("quotes carousel", () => {
  it("moves 0.2 px a frame and loops back by one set of cards", () => {
    expect(nextCarouselOffset(0, 0.2, 1000)).toBeCloseTo(0.2);
    expect(nextCarouselOffset(999.9, 0.2, 1000)).toBeCloseTo(0.1);
    expect(nextCarouselOffset(5, 0.2, 0)).toBe(0);
  });
});

describe("the couple's content", () => {
  it("six moments: two single photos and four collages", () => {
    expect(moments).toHaveLength(6);
    expect(moments.filter((m) => m.type === "single").every((m) => m.images.length === 1)).toBe(true);
    expect(moments.filter((m) => m.type === "single")).toHaveLength(2);
    expect(moments.filter((m) => m.type === "collage").every((m) => m.images.length >= 2 && m.images.length <= 4)).toBe(true);
    expect(moments.filter((m) => m.type === "collage")).toHaveLength(4);
  });
  it("the six information cards, in the spec's order", () => {
    expect(infoCards.map((c) => c.id)).toEqual(["dressCode", "ceremony", "buffet", "toast", "dance", "gifts"]);
    expect(INFO_CARD_IDS).toHaveLength(6);
  });
  it("the accommodation facts", () => {
    expect(accommodation.apartments.map((a) => [a.firstNight, a.extraNight])).toEqual([
      [95, 70],
      [120, 90],
    ]);
    expect(accommodation.currency).toBe("USD");
    expect([accommodation.checkIn, accommodation.checkOut]).toEqual(["15:00", "12:00"]);
    expect(telHref("+507 6000-0000")).toBe("tel:+50760000000");
    expect(accommodation.contact.email).toMatch(/^[^@\s]+@[^@\s]+$/);
  });
  it("map links point at OpenStreetMap", () => {
    const { embed, link } = mapUrls(venue);
    expect(embed).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/);
    expect(link).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
  });
});

describe("home translations", () => {
  type Tree = { [k: string]: string | Tree };
  const keys = (tree: Tree, prefix = ""): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
  // English overrides the built-in Spanish titles of the moments and some quote authors.
  const englishOnly = (k: string) => /^story\.\w+\.title$/.test(k) || /^quotes\.\w+\.author$/.test(k);

  it("Spanish and English have the same texts", () => {
    expect(keys(es as Tree).sort()).toEqual(
      keys(en as Tree)
        .filter((k) => !englishOnly(k))
        .sort(),
    );
  });
  it("every moment, quote and card has its texts", () => {
    for (const lang of [es, en] as Tree[]) {
      const all = new Set(keys(lang));
      for (const m of moments) expect(all.has(`story.${m.id}.description`)).toBe(true);
      for (const q of quotes) expect(all.has(`quotes.${q.id}.text`)).toBe(true);
      for (const c of infoCards) for (const f of ["title", "subtitle", "description", "imageAlt"]) expect(all.has(`info.${c.id}.${f}`)).toBe(true);
      for (const a of accommodation.apartments) for (const f of ["name", "beds"]) expect(all.has(`accommodation.${a.id}.${f}`)).toBe(true);
    }
    for (const m of moments) expect((en.story as Tree)[m.id]).toHaveProperty("title");
  });
});
