import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { photoFileName } from "~/lib/photo-names";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/icons/index";
import { PLACEHOLDER_IMAGE, SafeImage } from "~/components/SafeImage";
import { ThumbnailPicture, TILE_SIZES } from "./ThumbnailPicture";

export interface GalleryMedia {
  id: number;
  /** A guest's video is played with controls; its thumbnail is the poster the browser drew, if any. */
  type?: "IMAGE" | "VIDEO";
  name: string;
  public_url: string;
  thumbnail_url: string | null;
  width: number | null;
  height: number | null;
  /** The widths of the thumbnail's AVIF and WebP copies; absent for a photo stored before them. */
  variant_widths?: number[];
}

/** Photos of the no-script list loaded at once: the first row or two, above the fold. */
const EAGER_LIST_TILES = 4;

/** Horizontal travel (px) that counts as a swipe. */
const SWIPE_MIN_PX = 40;

function isTyping(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/**
 * One photo at a time with previous/next buttons, keyboard arrows (anywhere in the open
 * dialog) and swipe; its position ('3 / 24') and a 'Descargar' link to its full-size copy
 * under the guest's name for it; a strip of lazy thumbnails below. Only the photo shown loads its
 * web-sized file, over its thumbnail while it arrives. A newly uploaded photo is shown.
 */
/**
 * `shown`: how many of this guest's uploads have arrived (the page counts them). A photo appended
 * after one arrives is this guest's: the viewer shows it. Photos that come with any other refresh of
 * the page (another guest's, a queue that caught up) leave the viewer where the guest is.
 */
export function Carousel({ media, shown = 0 }: { media: GalleryMedia[]; shown?: number }) {
  const { t } = useTranslation("gallery");
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = useRef(media.length);
  const followed = useRef(shown);
  const strip = useRef<HTMLOListElement>(null);
  const current = media.length > 0 ? media[Math.min(index, media.length - 1)] : null;
  const position = Math.min(index, Math.max(media.length - 1, 0));

  const go = (delta: number) => setIndex((i) => (Math.min(i, media.length - 1) + delta + media.length) % media.length);

  // A photo just added by this guest's upload is appended: show it.
  useEffect(() => {
    if (media.length > count.current && shown !== followed.current) {
      setIndex(media.length - 1);
      followed.current = shown;
    }
    count.current = media.length;
  }, [media.length, shown]);

  // Arrow keys work wherever the focus is in the dialog (not while typing).
  useEffect(() => {
    if (media.length < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
        e.preventDefault();
        setIndex((i) => (Math.min(i, media.length - 1) + (e.key === "ArrowLeft" ? -1 : 1) + media.length) % media.length);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [media.length]);

  // Keep the current thumbnail in view: the strip scrolls sideways, never the dialog.
  useEffect(() => {
    const list = strip.current;
    const thumb = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !thumb) return;
    const left = thumb.offsetLeft; // the list is positioned, so this is within it
    if (left < list.scrollLeft || left + thumb.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: left - (list.clientWidth - thumb.offsetWidth) / 2 });
    }
  }, [position]);

  if (!current) return <p className="gallery-empty">{t("noPhotos")}</p>;
  const label = t("position", { current: position + 1, total: media.length });
  const thumbOf = (m: GalleryMedia) => m.thumbnail_url ?? (m.type === "VIDEO" ? PLACEHOLDER_IMAGE : m.public_url);

  return (
    <div className="carousel" role="group" aria-roledescription={t("carousel")} aria-label={label}>
      <div
        className="carousel-stage"
        onPointerDown={(e) => (start.current = { x: e.clientX, y: e.clientY })}
        onPointerUp={(e) => {
          const from = start.current;
          start.current = null;
          if (!from || media.length < 2) return;
          const dx = e.clientX - from.x;
          if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(e.clientY - from.y)) go(dx < 0 ? 1 : -1);
        }}
        onPointerCancel={() => (start.current = null)}
      >
        {current.type === "VIDEO" ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- a guest's clip from a phone: no captions exist to offer
          <video
            key={current.id}
            controls
            playsInline
            preload="metadata"
            src={current.public_url}
            poster={current.thumbnail_url ?? undefined}
            aria-label={current.name}
            className="carousel-image carousel-video"
          />
        ) : (
          <SafeImage
            key={current.id}
            src={current.public_url}
            alt={current.name}
            width={current.width ?? 1200}
            height={current.height ?? 900}
            loading="eager"
            draggable={false}
            className="carousel-image"
            style={{ backgroundImage: `url("${thumbOf(current)}")` }}
          />
        )}
      </div>
      <div className="carousel-controls">
        <button type="button" className="icon-button" onClick={() => go(-1)} disabled={media.length < 2}>
          <ChevronLeftIcon />
          <span className="visually-hidden">{t("previous")}</span>
        </button>
        <p className="carousel-position" aria-live="polite">
          <span aria-hidden="true">{t("viewer.position", { current: position + 1, total: media.length })}</span>
          <span className="visually-hidden">{label}</span>
        </p>
        <button type="button" className="icon-button" onClick={() => go(1)} disabled={media.length < 2}>
          <ChevronRightIcon />
          <span className="visually-hidden">{t("next")}</span>
        </button>
      </div>
      {media.length > 1 ? (
        <ol className="carousel-thumbs" ref={strip}>
          {media.map((m, i) => (
            <li key={m.id}>
              <button type="button" className="carousel-thumb" aria-current={i === position ? "true" : undefined} onClick={() => setIndex(i)}>
                {m.type === "VIDEO" || !m.thumbnail_url ? (
                  <SafeImage src={thumbOf(m)} alt="" width={96} height={72} />
                ) : (
                  <ThumbnailPicture src={m.thumbnail_url} widths={m.variant_widths} sizes={TILE_SIZES.strip} alt="" width={96} height={72} />
                )}
                <span className="visually-hidden">{t("showPhoto", { current: i + 1, total: media.length })}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <p className="carousel-full">
        <a href={current.public_url} target="_blank" rel="noopener">
          {t("openFull")}
          <span className="visually-hidden"> ({t("newTab")})</span>
        </a>
        <a href={current.public_url} download={photoFileName(current.name, current.public_url)} className="button secondary carousel-download">
          {t("download.photo")}
          <span className="visually-hidden"> {current.name}</span>
        </a>
      </p>
    </div>
  );
}

/** Without JavaScript: every photo of the section as lazy thumbnails linking to the web-sized copy. */
export function PhotoList({ media }: { media: GalleryMedia[] }) {
  const { t } = useTranslation("gallery");
  if (media.length === 0) return <p className="gallery-empty">{t("noPhotos")}</p>;
  return (
    <ul className="photo-list">
      {media.map((m, i) => (
        <li key={m.id}>
          {m.type === "VIDEO" ? (
            // eslint-disable-next-line jsx-a11y/media-has-caption -- a guest's clip from a phone: no captions exist to offer
            <video controls preload="none" src={m.public_url} poster={m.thumbnail_url ?? undefined} aria-label={m.name} className="photo-list-video" />
          ) : (
            <a href={m.public_url}>
              <ThumbnailPicture
                src={m.thumbnail_url ?? m.public_url}
                widths={m.thumbnail_url ? m.variant_widths : undefined}
                sizes={TILE_SIZES.list}
                alt={m.name}
                width={m.width ?? 480}
                height={m.height ?? 360}
                priority={i < EAGER_LIST_TILES ? "eager" : "lazy"}
              />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
