import { useEffect, useReducer, useRef } from "react";
import { HERO_VIDEO_BLUR_PX, HERO_VIDEO_OPACITY, VIDEO_RETRY_MS } from "~/lib/constants";
import { heroVideoReducer, initialHeroVideoState } from "~/lib/hero-video";

/**
 * The hero's looping, muted background video. It is optional: a HEAD request checks the file
 * first; while checking, when it is missing, or when it fails to load twice (one retry after
 * 1 s) nothing is drawn and the tinted fallback behind it shows. Without JavaScript the
 * fallback shows too.
 */
export function HeroVideo({ src }: { src: string }) {
  const [state, dispatch] = useReducer(heroVideoReducer, initialHeroVideoState);

  useEffect(() => {
    const controller = new AbortController();
    fetch(src, { method: "HEAD", signal: controller.signal })
      .then((res) => {
        const isVideo = (res.headers.get("content-type") ?? "").startsWith("video/");
        dispatch({ type: res.ok && isVideo ? "found" : "missing" });
      })
      .catch(() => {
        if (!controller.signal.aborted) dispatch({ type: "missing" });
      });
    return () => controller.abort();
  }, [src]);

  // One more try after VIDEO_RETRY_MS, with a new element so the browser loads the file again.
  useEffect(() => {
    if (state.status !== "retrying") return;
    const timer = window.setTimeout(() => dispatch({ type: "retry" }), VIDEO_RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [state.status]);

  const reducedMotion = useRef(false);
  useEffect(() => {
    reducedMotion.current = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }, []);

  if (state.status !== "playing") return null;
  return (
    <video
      key={state.attempt}
      className="hero-video"
      src={src}
      autoPlay={!reducedMotion.current}
      muted
      loop
      playsInline
      aria-hidden="true"
      tabIndex={-1}
      data-attempt={state.attempt}
      style={{ opacity: HERO_VIDEO_OPACITY / 100, filter: `blur(${HERO_VIDEO_BLUR_PX}px)` }}
      onError={() => dispatch({ type: "error" })}
    />
  );
}
