import { lazyHydrated } from "../lazy-hydrated";

// The parts of the home page whose code loads after hydration; their HTML is in the first load.
// One chunk (./deferred.ts) holds the sections below the first screen, the countdown (its digits
// are in the HTML; they tick once the code is here) and the hero's video (drawn by the browser
// only; the HTML has the tinted fallback). The calendar control, a native <details> that works
// before its code arrives, has its own chunk (the confirmed view shares it).
const deferred = () => import("./deferred");
export const Quotes = lazyHydrated(deferred, "Quotes");
export const Story = lazyHydrated(deferred, "Story");
export const InfoCards = lazyHydrated(deferred, "InfoCards");
export const Location = lazyHydrated(deferred, "Location");
export const Accommodation = lazyHydrated(deferred, "Accommodation");
export const RsvpSection = lazyHydrated(deferred, "RsvpSection");
export const Countdown = lazyHydrated(deferred, "Countdown");
export const HeroVideo = lazyHydrated(deferred, "HeroVideo");
export const AddToCalendar = lazyHydrated(() => import("./AddToCalendar"), "AddToCalendar");

/** Starts loading every lazy part of the home page (both chunks); resolves when all are here. */
export function preloadHome(): Promise<unknown> {
  return Promise.all([Quotes.preload(), AddToCalendar.preload()]);
}
