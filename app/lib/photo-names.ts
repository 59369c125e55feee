/**
 * File names for photos taken home (the ZIP's folders and entries, the viewer's 'Descargar'):
 * the guest's original name, made safe on every system and unique within its folder.
 * Pure: used by the server's ZIP and the browser's download link alike.
 */

// Characters Windows, macOS or a ZIP reader refuse or read as a path, and control characters.
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
const MAX_LENGTH = 100;

/** A name safe as a file or folder name anywhere; `fallback` when nothing usable is left. */
export function safeFileName(name: string, fallback: string): string {
  let clean = name.normalize("NFC").replace(UNSAFE, "_").replace(/\s+/g, " ").trim();
  // Leading dots hide a file; trailing dots and spaces are dropped by Windows.
  clean = clean.replace(/^[.\s]+/, "").replace(/[.\s]+$/, "");
  if (clean.length > MAX_LENGTH) {
    const dot = clean.lastIndexOf(".");
    const ext = dot > 0 && clean.length - dot <= 6 ? clean.slice(dot) : "";
    clean = clean.slice(0, MAX_LENGTH - ext.length).trimEnd() + ext;
  }
  if (RESERVED.test(clean)) clean = `_${clean}`;
  return clean || fallback;
}

const SAME_FORMAT: Record<string, string[]> = { jpg: ["jpg", "jpeg"], png: ["png"], webp: ["webp"] };

/**
 * The guest's name for a stored photo, with the extension of what is stored: a photo sent as
 * "IMG_1.heic" or "foto.gif" is stored as JPEG, so it is taken home as "IMG_1.jpg" / "foto.jpg".
 */
export function photoFileName(name: string, storedPath: string): string {
  const storedExt = storedPath.split(".").pop()?.toLowerCase() ?? "jpg";
  const safe = safeFileName(name, "foto");
  const dot = safe.lastIndexOf(".");
  const base = dot > 0 ? safe.slice(0, dot) : safe;
  const ext = dot > 0 ? safe.slice(dot + 1).toLowerCase() : "";
  if ((SAME_FORMAT[storedExt] ?? [storedExt]).includes(ext)) return safe;
  return `${base}.${storedExt}`;
}

/**
 * Makes names unique (ignoring case, as Windows and macOS do): "foto.jpg", "foto (2).jpg",
 * "foto (3).jpg". One per folder.
 */
export function uniqueNamer(): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf(".");
    const base = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : "";
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
