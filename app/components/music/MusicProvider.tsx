import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import { VOLUME_STEP } from "~/lib/constants";
import { initialMusicState, isAutoplayRefusal, musicReducer, type MusicState } from "~/lib/music";

export interface MusicContextValue extends MusicState {
  togglePlay: () => void;
  toggleMute: () => void;
  setVolume: (volume: number) => void;
  volumeStep: number;
}

const MusicContext = createContext<MusicContextValue | null>(null);

/** Delay of the fallback autoplay attempt after the file is ready (about 1 second). */
const FALLBACK_START_MS = 1000;

type PlayResult = "playing" | "refused" | "failed";

/**
 * The background music: one looping <audio> for the whole site, driven by the pure reducer in
 * lib/music.ts with its autoplay rules (unmuted, else muted, else off and blocked until
 * the first click, touch or key press).
 */
export function MusicProvider({ src, children }: { src: string; children: ReactNode }) {
  const [state, dispatch] = useReducer(musicReducer, initialMusicState);
  const audio = useRef<HTMLAudioElement>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  /** The guest pressed pause: nothing restarts the music by itself after that. */
  const pausedByUser = useRef(false);
  /** Playing muted only because the browser allowed nothing else: the first interaction unmutes. */
  const mutedByPolicy = useRef(false);
  const loadFailed = useRef(false);
  const autoplaying = useRef(false);

  const tryPlay = useCallback(async (muted: boolean): Promise<PlayResult> => {
    const el = audio.current;
    if (!el) return "failed";
    el.muted = muted;
    try {
      await el.play();
      dispatch({ type: "playing", muted });
      return "playing";
    } catch (error) {
      return isAutoplayRefusal(error) ? "refused" : "failed";
    }
  }, []);

  // Unmuted, else muted, else off with autoplayBlocked.
  const autoplay = useCallback(async () => {
    if (autoplaying.current || pausedByUser.current || loadFailed.current || stateRef.current.isPlaying) return;
    autoplaying.current = true;
    try {
      const unmuted = await tryPlay(false);
      if (unmuted !== "refused") return;
      const muted = await tryPlay(true);
      if (muted === "playing") mutedByPolicy.current = true;
      else if (muted === "refused") dispatch({ type: "autoplayBlocked" });
    } finally {
      autoplaying.current = false;
    }
  }, [tryPlay]);

  // The element: volume, readiness, load errors, pauses from outside (e.g. the system's media keys).
  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    el.volume = stateRef.current.volume;
    let fallback: number | undefined;
    const onReady = () => {
      dispatch({ type: "ready" });
      if (fallback === undefined) fallback = window.setTimeout(() => void autoplay(), FALLBACK_START_MS);
    };
    const onError = () => {
      loadFailed.current = true;
      console.error(`Background music could not be loaded (${el.currentSrc || src}).`);
      dispatch({ type: "loadError" });
    };
    const onPause = () => dispatch({ type: "paused" });
    el.addEventListener("canplay", onReady);
    el.addEventListener("error", onError);
    el.addEventListener("pause", onPause);
    // The server's markup says preload="none" (pages without JavaScript never download the
    // file); with JavaScript, load it now so it is ready, or its load error shows, at once.
    if (el.preload !== "auto") {
      el.preload = "auto";
      el.load();
    }
    if (el.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) onReady();
    void autoplay();
    return () => {
      el.removeEventListener("canplay", onReady);
      el.removeEventListener("error", onError);
      el.removeEventListener("pause", onPause);
      window.clearTimeout(fallback);
    };
  }, [autoplay, src]);

  // The first click, touch or key press counts as the guest's interaction and resumes the music
  // (unmuting it when only the browser's policy muted it); scrolling also tries to start it.
  useEffect(() => {
    const onInteract = (event: Event) => {
      const gesture = event.type !== "scroll";
      if (gesture) dispatch({ type: "interacted" });
      const el = audio.current;
      if (!el || pausedByUser.current || loadFailed.current) return;
      if (stateRef.current.isPlaying) {
        if (gesture && mutedByPolicy.current) {
          mutedByPolicy.current = false;
          el.muted = false;
          dispatch({ type: "setMuted", muted: false });
        }
        return;
      }
      void tryPlay(mutedByPolicy.current ? false : stateRef.current.isMuted).then((r) => {
        if (r === "playing") mutedByPolicy.current = false;
      });
    };
    const events = ["click", "touchstart", "keydown", "scroll"] as const;
    for (const e of events) window.addEventListener(e, onInteract, { passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, onInteract);
    };
  }, [tryPlay]);

  const togglePlay = useCallback(() => {
    const el = audio.current;
    if (!el) return;
    if (stateRef.current.isPlaying) {
      pausedByUser.current = true;
      el.pause();
      dispatch({ type: "paused" });
    } else {
      pausedByUser.current = false;
      mutedByPolicy.current = false;
      void tryPlay(stateRef.current.isMuted);
    }
  }, [tryPlay]);

  const toggleMute = useCallback(() => {
    mutedByPolicy.current = false;
    const muted = !stateRef.current.isMuted;
    if (audio.current) audio.current.muted = muted;
    dispatch({ type: "setMuted", muted });
  }, []);

  const setVolume = useCallback((volume: number) => {
    const next = musicReducer(stateRef.current, { type: "setVolume", volume });
    if (audio.current) {
      audio.current.volume = next.volume;
      audio.current.muted = next.isMuted;
    }
    if (!next.isMuted) mutedByPolicy.current = false;
    dispatch({ type: "setVolume", volume });
  }, []);

  const value = useMemo<MusicContextValue>(
    () => ({ ...state, togglePlay, toggleMute, setVolume, volumeStep: VOLUME_STEP }),
    [state, togglePlay, toggleMute, setVolume],
  );

  return (
    <MusicContext.Provider value={value}>
      {/* Instrumental background music: nothing to caption. preload="none" until the effect
          above takes over, so pages without JavaScript do not download it. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audio} src={src} loop preload="none" />
      {children}
    </MusicContext.Provider>
  );
}

/** The music player's state and actions; only inside <MusicProvider>. */
export function useMusic(): MusicContextValue {
  const value = useContext(MusicContext);
  if (!value) {
    throw new Error("useMusic() was called outside <MusicProvider>: wrap the component tree in <MusicProvider> (app/root.tsx does).");
  }
  return value;
}
