import { useState, type ImgHTMLAttributes } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/**
 * An <img> that swaps to the placeholder when its file fails to load (every image of the site
 * falls back to it). Callers give width/height (no layout shift) and alt text.
 */
export function SafeImage({
  src,
  alt,
  width,
  height,
  loading = "lazy",
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { alt: string; width: number; height: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      {...rest}
      src={failed ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      className={[rest.className, failed ? "img-fallback" : null].filter(Boolean).join(" ") || undefined}
      onError={() => setFailed(true)}
    />
  );
}
