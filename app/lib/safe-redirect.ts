// Any origin works as the base: only the path of a target that stays on it is ever returned.
const SAME_ORIGIN_BASE = "http://same-origin.invalid";

/**
 * A redirect target that stays on this site (no open redirects), as a clean path, else `fallback`.
 *
 * The target is parsed the way a browser parses a Location header (tabs and newlines dropped,
 * backslashes read as slashes), so `/\t/evil.example` or `/\evil.example` cannot slip through as
 * "a path" and land on another site; what comes back is re-serialised, so a control character
 * can never reach the header.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/", requestOrigin = SAME_ORIGIN_BASE): string {
  if (typeof to !== "string" || to === "") return fallback;
  let base: URL;
  let target: URL;
  try {
    base = new URL(requestOrigin);
    target = new URL(to, base);
  } catch {
    return fallback;
  }
  if (target.origin !== base.origin) return fallback;
  // "/.//evil.example" normalises to the path "//evil.example", which a browser reads as a host.
  if (target.pathname.startsWith("//")) return fallback;
  return target.pathname + target.search + target.hash;
}
