/**
 * The slideshow's rules that the page (with and without JavaScript) and the server share. Pure.
 */

/** Seconds each photo stays (`?seconds=`), and the range a screen may ask for. */
export const SLIDE_SECONDS_DEFAULT = 8;
export const SLIDE_SECONDS_MIN = 3;
export const SLIDE_SECONDS_MAX = 60;
/** Every this many slides, one is a guest's wish (when there is any). */
export const WISH_EVERY = 4;
/** How often an open slideshow asks whether anything changed (decision 0032): new photos show within 10 s. */
export const SLIDESHOW_POLL_MS = 5000;

/** `?seconds=` as a whole number within 3–60; anything else (missing, not a number) is the default. */
export function slideSeconds(param: string | null | undefined): number {
  const value = Number.parseInt(param ?? "", 10);
  if (!Number.isFinite(value)) return SLIDE_SECONDS_DEFAULT;
  return Math.min(SLIDE_SECONDS_MAX, Math.max(SLIDE_SECONDS_MIN, value));
}

/** `?at=` (the step a page without JavaScript shows): a whole number ≥ 0, else 0. */
export function slideStep(param: string | null | undefined): number {
  const value = Number.parseInt(param ?? "", 10);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

export type Slide = { kind: "photo"; index: number } | { kind: "wish"; index: number } | null;

/**
 * What step `step` of the show is: photos in order (newest first), then again from the start;
 * every WISH_EVERY-th step a wish instead (in turn), when there are wishes; nothing to show is null.
 */
export function slideAt(step: number, photos: number, wishes: number): Slide {
  if (photos === 0 && wishes === 0) return null;
  if (photos === 0) return { kind: "wish", index: step % wishes };
  if (wishes === 0) return { kind: "photo", index: step % photos };
  const round = Math.floor(step / WISH_EVERY);
  if (step % WISH_EVERY === WISH_EVERY - 1) return { kind: "wish", index: round % wishes };
  return { kind: "photo", index: (step - round) % photos };
}

/** Longest a guest's video stays on the reception's screen (muted) before the show moves on. */
export const VIDEO_SLIDE_MAX_SECONDS = 20;
