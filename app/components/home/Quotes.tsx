import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { HomeFacts } from "~/models/content-texts.server";
import { CAROUSEL_SPEED_PX_PER_FRAME } from "~/lib/constants";
import { nextCarouselOffset } from "~/lib/carousel";
import { SafeImage } from "../SafeImage";

/** The distance from the first card to its copy: one whole set of cards with their gaps. */
function loopWidth(track: HTMLElement): number {
  const first = track.firstElementChild as HTMLElement | null;
  const copy = track.querySelector<HTMLElement>(".quotes-copy > *");
  return first && copy ? copy.offsetLeft - first.offsetLeft : 0;
}

/**
 * Quote cards drifting sideways (0.2 px a frame, three visible on wide screens), pausing while
 * the pointer is over them, while keyboard focus is inside, and while off screen. Without
 * JavaScript, or with reduced motion, it is a plain row the guest scrolls.
 */
type Quote = HomeFacts["quotes"][number];

export function Quotes({ quotes, names, portrait }: { quotes: HomeFacts["quotes"]; names: string; portrait: string | null }) {
  const { t } = useTranslation("home");
  const track = useRef<HTMLDivElement>(null);
  // Moving by itself: only with JavaScript and without a reduced-motion preference.
  const [auto, setAuto] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setAuto(!query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el || !auto) return;
    let hovered = false;
    let focused = false;
    let frame = 0;
    let offset = el.scrollLeft;
    // Measured when the layout changes, not every frame (reading it forces a layout).
    let width = loopWidth(el);
    const listeners: [string, () => void][] = [
      ["mouseenter", () => (hovered = true)],
      ["mouseleave", () => (hovered = false)],
      ["focusin", () => (focused = true)],
      ["focusout", () => (focused = false)],
    ];
    for (const [name, fn] of listeners) el.addEventListener(name, fn);
    const step = () => {
      if (hovered || focused) {
        offset = el.scrollLeft; // the guest may have scrolled by hand meanwhile
      } else {
        // The cards are listed twice: one set's width later, jump back for a seamless loop.
        offset = nextCarouselOffset(offset, CAROUSEL_SPEED_PX_PER_FRAME, width);
        el.scrollLeft = offset;
      }
      frame = requestAnimationFrame(step);
    };
    const start = () => {
      if (!frame) frame = requestAnimationFrame(step);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const resized = new ResizeObserver(() => (width = loopWidth(el)));
    resized.observe(el);
    // Moving only while on screen: no work (or battery) spent on a row nobody sees, e.g. while
    // the page loads with the hero in view.
    const seen = new IntersectionObserver(([entry]) => (entry?.isIntersecting ? start() : stop()));
    seen.observe(el);
    return () => {
      stop();
      resized.disconnect();
      seen.disconnect();
      for (const [name, fn] of listeners) el.removeEventListener(name, fn);
      el.scrollLeft = 0;
    };
  }, [auto]);

  // The quotes and their authors are the couple's: data, shown as typed.
  const card = (q: Quote, copy: boolean) => {
    const by = q.author;
    return (
      <figure key={`${q.id}-${copy ? "copy" : "card"}`} className="quote-card">
        <span className="quote-mark" aria-hidden="true">
          “
        </span>
        <blockquote>{q.text}</blockquote>
        {by ? <figcaption>— {by}</figcaption> : null}
      </figure>
    );
  };

  return (
    <section className="home-section quotes" aria-labelledby="quotes-title">
      <h2 id="quotes-title" className="section-title">
        {t("quotes.title")}
      </h2>
      <div className="quotes-layout">
        {portrait ? <SafeImage src={portrait} alt={t("quotes.portraitAlt", { names })} width={600} height={800} className="quotes-portrait" /> : null}
        {/* Focusable so keyboard users can scroll it (and so focus pauses it). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="quotes-track" ref={track} tabIndex={0} role="region" aria-label={t("quotes.carouselLabel")} data-auto={auto ? "" : undefined}>
          {quotes.map((q) => card(q, false))}
          {/* A second set for the endless loop, only while the row moves by itself; hidden
              from assistive technology. */}
          {auto ? (
            <div className="quotes-copy" aria-hidden="true">
              {quotes.map((q) => card(q, true))}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
