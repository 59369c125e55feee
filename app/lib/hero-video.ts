/**
 * The hero video's states (existence checked with a HEAD request; a tinted fallback
 * when the file is missing or fails to load; one retry after 1 s on error), pure.
 *
 *   checking --found--> playing(0) --error--> retrying --retry--> playing(1) --error--> fallback
 *   checking --missing--> fallback
 */
export type HeroVideoState =
  | { status: "checking"; attempt: 0 }
  | { status: "playing"; attempt: number }
  | { status: "retrying"; attempt: number }
  | { status: "fallback"; attempt: number };

export type HeroVideoEvent = { type: "found" } | { type: "missing" } | { type: "error" } | { type: "retry" };

/** Load attempts before the fallback stays: the first one and a single retry. */
export const HERO_VIDEO_ATTEMPTS = 2;

export const initialHeroVideoState: HeroVideoState = { status: "checking", attempt: 0 };

export function heroVideoReducer(state: HeroVideoState, event: HeroVideoEvent): HeroVideoState {
  switch (event.type) {
    case "found":
      return state.status === "checking" ? { status: "playing", attempt: 0 } : state;
    case "missing":
      return state.status === "checking" ? { status: "fallback", attempt: 0 } : state;
    case "error":
      if (state.status !== "playing") return state;
      return state.attempt + 1 < HERO_VIDEO_ATTEMPTS ? { status: "retrying", attempt: state.attempt } : { status: "fallback", attempt: state.attempt };
    case "retry":
      return state.status === "retrying" ? { status: "playing", attempt: state.attempt + 1 } : state;
  }
}
