import "~/styles/slideshow.css";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import { loadSlideshow } from "~/http/slideshow-page.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/constants";
import { slideAt, VIDEO_SLIDE_MAX_SECONDS, WISH_EVERY } from "~/lib/slideshow";
import type slideshowEs from "~/locales/es/slideshow.json";
import type { SlideshowFeed } from "~/models/slideshow.server";
import { coupleNamesIn, type RootData } from "~/root";
import { fillMarks } from "~/lib/format";

/** A screen of its own: no header, footer or music (the root leaves them out for `bare` pages). */
export const handle = { bare: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const lang: Language = root?.lang === "en" ? "en" : DEFAULT_LANGUAGE;
  const title = (data?.i18n[lang]?.slideshow as typeof slideshowEs | undefined)?.metaTitle;
  // The names saved in 'Contenido' (the root's data carries them), put in as typed.
  const names = coupleNamesIn(matches);
  return [{ title: title ? fillMarks(title, { names }) : names }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSlideshow(request);
}

/**
 * The reception's screen: the public photos one at a time, a guest's wish every few slides, the
 * gallery's QR code in a corner. With JavaScript it advances by itself and asks every few seconds
 * whether anything changed (a 304 while nothing did), showing new photos first; without it the
 * page refreshes itself to the next step (`?at=`).
 */
export default function Slideshow() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation("slideshow");
  const hydrated = useHydrated();
  const { feed, shown, advance, failed } = useShow(loaded);
  const current = shown[shown.length - 1]!;
  const slide = slideAt(current.step, feed.photos.length, feed.wishes.length);
  useWakeLock();

  return (
    <div className="slideshow" aria-label={t("title")} role="region">
      {/* Without JavaScript the page moves on by itself (with it, this is never parsed as markup). */}
      {loaded.next && !hydrated ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${loaded.seconds};url=${loaded.next}`} />
        </noscript>
      ) : null}
      {loaded.notFound ? (
        <p className="slideshow-message" role="alert">
          {t("sectionNotFound")}
        </p>
      ) : slide === null ? (
        <p className="slideshow-message">{t("empty")}</p>
      ) : (
        <div className="slideshow-stage">
          {/* The slide before stays under the new one while it fades in: a cross-fade. */}
          {shown.map(({ id, step }, i) => {
            const at = slideAt(step, feed.photos.length, feed.wishes.length);
            const under = i < shown.length - 1;
            // The same photo or wish again (a show of one): nothing to fade from.
            if (!at || (under && at.kind === slide.kind && at.index === slide.index)) return null;
            return <Slide key={id} feed={feed} slide={at} hidden={under} onEnded={under ? undefined : advance} onFailed={under ? undefined : failed} />;
          })}
        </div>
      )}
      <aside className="slideshow-share">
        <span className="slideshow-qr" role="img" aria-label={t("qrLabel", { url: loaded.galleryUrl })} dangerouslySetInnerHTML={{ __html: loaded.qr }} />
        <span className="slideshow-share-text">{t("share")}</span>
      </aside>
      {hydrated ? <FullscreenButton /> : null}
    </div>
  );
}

/** One step: a photo (contained, its uploader as the caption) or a wish; it fades in over the one before. */
function Slide({
  feed,
  slide,
  hidden,
  onEnded,
  onFailed,
}: {
  feed: SlideshowFeed;
  slide: NonNullable<ReturnType<typeof slideAt>>;
  hidden: boolean;
  /** A video's end moves the show on. */
  onEnded?: () => void;
  /** A photo whose file could not be read (offline, never fetched): the show moves past it. */
  onFailed?: (url: string) => void;
}) {
  const { t } = useTranslation("slideshow");
  if (slide.kind === "wish") {
    const wish = feed.wishes[slide.index]!;
    return (
      <figure className="slide slide-wish" aria-hidden={hidden || undefined}>
        <blockquote>
          <p>{wish.message}</p>
        </blockquote>
        <figcaption>{t("wishFrom", { name: wish.name })}</figcaption>
      </figure>
    );
  }
  const photo = feed.photos[slide.index]!;
  const caption = photo.uploader_name ? t("photoBy", { name: photo.uploader_name }) : null;
  if (photo.type === "VIDEO")
    return (
      <figure className="slide slide-photo" aria-hidden={hidden || undefined}>
        {/* Muted, so the browser lets it play by itself (without JavaScript too). */}
        <video
          src={photo.url}
          muted
          autoPlay
          playsInline
          preload="auto"
          onEnded={onEnded}
          aria-label={caption ?? t("photo", { current: slide.index + 1, total: feed.photos.length })}
        />
        {caption ? <figcaption>{caption}</figcaption> : null}
      </figure>
    );
  return (
    <figure className="slide slide-photo" aria-hidden={hidden || undefined}>
      <img
        src={photo.url}
        alt={caption ?? t("photo", { current: slide.index + 1, total: feed.photos.length })}
        width={photo.width ?? undefined}
        height={photo.height ?? undefined}
        decoding="async"
        onError={onFailed ? () => onFailed(photo.url) : undefined}
      />
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

/** How long a slide takes to fade in (slideshow.css's animation), with a margin. */
const FADE_MS = 1500;

/** Photos the screen keeps once drawn (about 30 MB of web copies): each shows again without the network. */
const KEPT_PHOTOS = 100;

/**
 * The photos' files as the screen has them: those that loaded are kept (their elements referenced,
 * so the browser keeps their bytes for this page and shows them again with no request, even offline
 * and past their HTTP freshness), the most recently used up to KEPT_PHOTOS; those that failed are
 * known, so the show steps past them until the network is back (forgetFailures).
 */
function usePhotoFiles() {
  const kept = useRef(new Map<string, HTMLImageElement>());
  const failed = useRef(new Set<string>());
  const load = (url: string) => {
    const have = kept.current.get(url);
    if (have) {
      kept.current.delete(url);
      kept.current.set(url, have);
      return;
    }
    const image = new Image();
    image.onload = () => {
      failed.current.delete(url);
      kept.current.set(url, image);
      for (const oldest of kept.current.keys()) {
        if (kept.current.size <= KEPT_PHOTOS) break;
        kept.current.delete(oldest);
      }
    };
    image.onerror = () => failed.current.add(url);
    image.src = url;
  };
  // One object for the page's life (its state is in the refs): effects may depend on it.
  return useMemo(
    () => ({
      load,
      markFailed: (url: string) => failed.current.add(url),
      /** Whether the file is known not to load (and not kept from before). */
      unreadable: (url: string) => failed.current.has(url) && !kept.current.has(url),
      forgetFailures: () => failed.current.clear(),
    }),
    [],
  );
}

/** A step on the screen; `id` tells two showings of one step apart (the newest photo shown again). */
interface Shown {
  id: number;
  step: number;
}

/**
 * The show's state in the browser: the feed (polled with its ETag every `pollMs`; a 304 costs the
 * server no query result sent and the screen nothing), and the last two steps shown (the new one
 * fades in over the one before), moved on every `seconds`. Photos newer than any shown come next
 * at once, newest first. The next photo is fetched ahead, so it is there when its turn comes.
 * Without the network the show goes on with what it has: a failed poll changes nothing, and a
 * photo whose file cannot be read is stepped over (never an empty slide); once a poll answers
 * again, new photos come and the ones stepped over are tried again.
 */
function useShow(loaded: ReturnType<typeof useLoaderData<typeof loader>>) {
  const [feed, setFeed] = useState<SlideshowFeed>(loaded.feed);
  const [shown, setShown] = useState<Shown[]>([{ id: 0, step: loaded.step }]);
  const files = usePhotoFiles();
  const feedRef = useRef(feed);
  feedRef.current = feed;
  /** Moves to the step `next` gives, or past it to the first that is not a photo known not to load (within one round of the show). */
  const show = useCallback(
    (next: (step: number) => number) =>
      setShown((list) => {
        const last = list[list.length - 1]!;
        const { photos, wishes } = feedRef.current;
        const from = next(last.step);
        let step = from;
        for (let s = from; s < from + (photos.length + wishes.length) * WISH_EVERY; s++) {
          const at = slideAt(s, photos.length, wishes.length);
          if (!at || at.kind !== "photo" || photos[at.index]!.type === "VIDEO" || !files.unreadable(photos[at.index]!.url)) {
            step = s;
            break;
          }
        }
        return [last, { id: last.id + 1, step }];
      }),
    [files],
  );
  const step = shown[shown.length - 1]!.step;
  const newest = useRef(loaded.feed.photos[0]?.published_at ?? "");
  const { seconds, pollMs, feedAddress, notFound } = loaded;

  // Each step stays `seconds`; a video plays to its end (onEnded) or VIDEO_SLIDE_MAX_SECONDS.
  const shownId = shown[shown.length - 1]!.id;
  const at = slideAt(step, feed.photos.length, feed.wishes.length);
  const video = at?.kind === "photo" && feed.photos[at.index]?.type === "VIDEO";
  useEffect(() => {
    const timer = setTimeout(() => show((s) => s + 1), video ? VIDEO_SLIDE_MAX_SECONDS * 1000 : seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds, feed, shownId, video, show]);

  // Once the new slide has faded in (slideshow.css: 1.2 s), the one under it goes.
  useEffect(() => {
    if (shown.length < 2) return;
    const timer = setTimeout(() => setShown((list) => list.slice(-1)), FADE_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  // The photo on the screen is kept, and the next one fetched ahead.
  useEffect(() => {
    for (const s of [step, step + 1]) {
      const slide = slideAt(s, feed.photos.length, feed.wishes.length);
      if (slide?.kind === "photo" && feed.photos[slide.index]!.type !== "VIDEO") files.load(feed.photos[slide.index]!.url);
    }
  }, [step, feed, files]);

  useEffect(() => {
    if (notFound || !feedAddress) return;
    let etag: string | null = null;
    let stopped = false;
    let polling = false;
    const address = feedAddress;
    const poll = async () => {
      // One poll at a time: on a network that hangs rather than fails, requests do not pile up.
      if (polling) return;
      polling = true;
      try {
        const response = await fetch(address, { headers: etag ? { "If-None-Match": etag } : {}, cache: "no-store", signal: AbortSignal.timeout(pollMs * 2) });
        if (stopped) return;
        // The server answered: photos that failed to load may load now.
        files.forgetFailures();
        // The section was hidden or deleted meanwhile: its photos leave the screen.
        if (response.status === 404) setFeed({ photos: [], wishes: [] });
        if (response.status !== 200) return;
        etag = response.headers.get("ETag");
        const next = (await response.json()) as SlideshowFeed;
        if (stopped) return;
        const latest = next.photos[0]?.published_at ?? "";
        feedRef.current = next;
        setFeed(next);
        if (latest > newest.current) {
          newest.current = latest;
          show(() => 0);
        }
      } catch {
        // Offline for a moment (the venue's Wi-Fi): the show goes on with what it has.
      } finally {
        polling = false;
      }
    };
    const timer = setInterval(() => void poll(), pollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pollMs, feedAddress, notFound, files, show]);

  return {
    feed,
    shown,
    advance: () => show((s) => s + 1),
    /** The photo on the screen could not be read: known, and the show moves on at once. */
    failed: (url: string) => {
      files.markFailed(url);
      show((s) => s + 1);
    },
  };
}

/** Keeps the screen on while the show is open, where the browser can (asked again when the tab comes back). */
function useWakeLock() {
  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    const request = () => {
      if (document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").then(
        (sentinel) => (lock = sentinel),
        () => undefined, // refused (battery saver, no user gesture yet): the screen may sleep
      );
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      document.removeEventListener("visibilitychange", request);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

/** 'Pantalla completa': the browser's full screen for the page (and back). */
function FullscreenButton() {
  const { t } = useTranslation("slideshow");
  const [full, setFull] = useState(false);
  useEffect(() => {
    const changed = () => setFull(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", changed);
    return () => document.removeEventListener("fullscreenchange", changed);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };
  return (
    <button type="button" className="slideshow-fullscreen" onClick={toggle}>
      {full ? t("exitFullscreen") : t("fullscreen")}
    </button>
  );
}
