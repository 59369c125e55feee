import { useState } from "react";
import { PLACEHOLDER_IMAGE } from "~/components/SafeImage";
import { THUMBNAIL_VARIANT_FORMATS, variantSrcSet } from "~/lib/thumbnail-variants";

/** How a tile is loaded: `lazy` below the fold; `eager` above it, `high` for the one the page is measured by (its largest paint). */
export type TilePriority = "lazy" | "eager" | "high";

/**
 * A photo's thumbnail as a <picture> (decision 0066): its AVIF, then its WebP copies at each
 * recorded width with the tile's `sizes`, so the browser fetches the smallest one that fills the
 * tile at the screen's density; the <img> is the thumbnail itself, for browsers without either
 * format and for photos stored before the copies existed (no sources then). `width`/`height`
 * reserve the tile's space (no layout shift). A file that fails shows the site's placeholder.
 */
export function ThumbnailPicture({
  src,
  widths,
  sizes,
  alt,
  width,
  height,
  priority = "lazy",
  className,
}: {
  src: string;
  widths: number[] | undefined;
  sizes: string;
  alt: string;
  width: number;
  height: number;
  priority?: TilePriority;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const img = (
    <img
      src={failed ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      width={width}
      height={height}
      loading={priority === "lazy" ? "lazy" : "eager"}
      decoding="async"
      // React 18 knows the attribute only in lower case.
      {...(priority === "high" ? { fetchpriority: "high" } : {})}
      className={[className, failed ? "img-fallback" : null].filter(Boolean).join(" ") || undefined}
      onError={() => setFailed(true)}
    />
  );
  if (failed || !widths || widths.length === 0) return img;
  return (
    <picture>
      {THUMBNAIL_VARIANT_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={variantSrcSet(src, widths, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

/**
 * The tiles' rendered widths, from gallery.css: a section's cover fills the page's one column on a
 * phone (the page's 1 rem padding each side), two columns from 640 px, three from 1024 px (1.25 rem
 * gaps) up to the page's 1200 px; the no-script list's tiles are 120 px or more, about two a row on
 * a phone; the carousel's strip is 72 px.
 */
export const TILE_SIZES = {
  cover: "(min-width: 1200px) 376px, (min-width: 1024px) calc((100vw - 72px) / 3), (min-width: 640px) calc((100vw - 52px) / 2), calc(100vw - 32px)",
  list: "(min-width: 640px) 200px, 45vw",
  strip: "72px",
} as const;
