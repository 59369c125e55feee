// The home page's parts whose code loads after hydration, as one chunk (one request): the sections
// below the first screen, the countdown's ticking and the hero's video (see ./lazy.ts).
export { Accommodation } from "./Accommodation";
export { Countdown } from "./Countdown";
export { HeroVideo } from "./HeroVideo";
export { InfoCards } from "./InfoCards";
export { Location } from "./Location";
export { Quotes } from "./Quotes";
export { RsvpSection } from "./RsvpSection";
export { Story } from "./Story";
