import { DEFAULT_VOLUME, VOLUME_STEP } from "./constants";

/**
 * The background music player's state and its transitions, as a
 * pure reducer; components/music/MusicProvider drives a real <audio> element with it.
 *
 * On load: try to play unmuted; if the browser refuses, try muted; if that is refused too,
 * playback is off and autoplayBlocked is true. The first click, touch or key press counts as
 * the guest's interaction: playback resumes (and a policy mute is lifted). The hint shows while
 * autoplay is blocked and the guest has not interacted yet.
 */
export interface MusicState {
  isPlaying: boolean;
  /** 0..1, in steps of VOLUME_STEP. */
  volume: number;
  isMuted: boolean;
  /** The file can play (false before it loads and after a load error). */
  isReady: boolean;
  /** Both autoplay attempts were refused by the browser. */
  autoplayBlocked: boolean;
  /** The guest has clicked, touched or pressed a key on the page. */
  userInteracted: boolean;
}

export const initialMusicState: MusicState = {
  isPlaying: false,
  volume: DEFAULT_VOLUME,
  isMuted: false,
  isReady: false,
  autoplayBlocked: false,
  userInteracted: false,
};

export type MusicEvent =
  /** The audio can play. */
  | { type: "ready" }
  /** The audio file failed to load. */
  | { type: "loadError" }
  /** Playback started (by autoplay, an interaction or the play button), muted or not. */
  | { type: "playing"; muted: boolean }
  /** Playback stopped (the pause button, or the element paused). */
  | { type: "paused" }
  /** Unmuted and muted autoplay were both refused. */
  | { type: "autoplayBlocked" }
  /** The first click, touch or key press. */
  | { type: "interacted" }
  | { type: "toggleMute" }
  | { type: "setMuted"; muted: boolean }
  | { type: "setVolume"; volume: number };

const STEP_DECIMALS = Math.max(0, Math.ceil(-Math.log10(VOLUME_STEP)));

/** A volume the player accepts: a number in 0..1, on the 0.01 grid. */
export function clampVolume(v: number): number {
  if (!Number.isFinite(v)) return DEFAULT_VOLUME;
  const stepped = Math.round(Math.min(1, Math.max(0, v)) / VOLUME_STEP) * VOLUME_STEP;
  return Math.min(1, Number(stepped.toFixed(STEP_DECIMALS)));
}

/** What the volume slider shows: 0 while muted. */
export const displayedVolume = (s: MusicState) => (s.isMuted ? 0 : s.volume);

export function musicReducer(state: MusicState, event: MusicEvent): MusicState {
  switch (event.type) {
    case "ready":
      return state.isReady ? state : { ...state, isReady: true };
    case "loadError":
      // Nothing can play: not ready, and no hint inviting the guest to tap for music.
      return { ...state, isReady: false, isPlaying: false, autoplayBlocked: false };
    case "playing":
      return { ...state, isPlaying: true, isMuted: event.muted, autoplayBlocked: false };
    case "paused":
      return state.isPlaying ? { ...state, isPlaying: false } : state;
    case "autoplayBlocked":
      return { ...state, isPlaying: false, autoplayBlocked: true };
    case "interacted":
      return state.userInteracted ? state : { ...state, userInteracted: true };
    case "toggleMute":
      return { ...state, isMuted: !state.isMuted };
    case "setMuted":
      return state.isMuted === event.muted ? state : { ...state, isMuted: event.muted };
    case "setVolume": {
      const volume = clampVolume(event.volume);
      // Raising the volume while muted unmutes: the slider shows 0 while muted, so any
      // volume above 0 is a raise. Setting 0 keeps it muted.
      const isMuted = state.isMuted && volume > displayedVolume(state) ? false : state.isMuted;
      return { ...state, volume, isMuted };
    }
  }
}

/** The hint shows while autoplay is blocked and the guest has not interacted yet. */
export const showAutoplayHint = (s: MusicState) => s.autoplayBlocked && !s.userInteracted;

/** Only this rejection of play() means "the browser's autoplay policy said no". */
export const isAutoplayRefusal = (error: unknown) => typeof error === "object" && error !== null && (error as { name?: unknown }).name === "NotAllowedError";
