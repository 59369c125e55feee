import { createReadableStreamFromReadable } from "@remix-run/node";
import { storage, type ByteRange } from "~/infra/storage.server";

/**
 * A `Range: bytes=…` header's one range (what video and audio elements send), or null when there
 * is none or it is not one this answers (several ranges: the whole file is sent instead).
 * `end` is null for "to the end"; `suffix` asks for the last bytes.
 */
export function parseRange(header: string | null): { start: number; end: number | null } | { suffix: number } | null {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") return { suffix: Number(match[2]) };
  const start = Number(match[1]);
  const end = match[2] === "" ? null : Number(match[2]);
  return end !== null && end < start ? null : { start, end };
}

/** A range within a file of `size` bytes, or null when none of it is there (416). */
function within(asked: NonNullable<ReturnType<typeof parseRange>>, size: number): ByteRange | null {
  if ("suffix" in asked) return asked.suffix > 0 && size > 0 ? { start: Math.max(0, size - asked.suffix), end: size - 1 } : null;
  if (asked.start >= size) return null;
  return { start: asked.start, end: Math.min(asked.end ?? size - 1, size - 1) };
}

const HEADERS = { "X-Content-Type-Options": "nosniff", "Cross-Origin-Resource-Policy": "same-origin" };

/** Whether the browser's copy (If-None-Match) is the stored one. */
function matches(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * The one way a stored file is answered (the site's media, the guests' photos and thumbnails):
 * with its type, answering HEAD without a body, If-None-Match with 304, and one byte range
 * (phones play video only by ranges: 206, or 416 past the end). Ranges are honoured only for a
 * file whose size is recorded, so a range is one read of the store; a file without one (a picture
 * of the content, a thumbnail) is sent whole. The body is streamed from the folder or the bucket,
 * never held whole in memory; the server writes it as fast as the client takes it and cuts off a
 * client that takes nothing for 30 s (server/streaming.mjs). Null when the key holds nothing.
 * `headers` are the route's own (a stricter CSP for the guests' photos).
 */
export async function serveStoredFile(
  request: Request,
  file: { key: string; type: string; size?: number },
  cacheControl: string,
  routeHeaders: Record<string, string> = {},
): Promise<Response | null> {
  const ranges = file.size !== undefined;
  const asked = request.method === "GET" && ranges ? parseRange(request.headers.get("Range")) : null;
  const common = { ...HEADERS, "Cache-Control": cacheControl, ...routeHeaders, ...(ranges ? { "Accept-Ranges": "bytes" } : {}) };
  const headers = { ...common, "Content-Type": file.type };
  let range = asked && file.size !== undefined ? within(asked, file.size) : null;
  if (asked && !range) return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${file.size}` } });
  let stored = await storage().open(file.key, range ?? undefined);
  if (stored && range && stored.size !== file.size) {
    // The recorded size is not the stored file's: the whole file, rather than a wrong range.
    stored.body.destroy();
    range = null;
    stored = await storage().open(file.key);
  }
  if (!stored) return null;
  const etag = { ETag: stored.etag };
  if (request.method === "HEAD" || matches(request, stored.etag)) {
    // Nothing to send: close the file (or hand the bucket's connection back) at once.
    stored.body.destroy();
    if (request.method !== "HEAD") return new Response(null, { status: 304, headers: { ...common, ...etag } });
    return new Response(null, { headers: { ...headers, ...etag, "Content-Length": String(stored.size) } });
  }
  const body = createReadableStreamFromReadable(stored.body);
  if (!range) return new Response(body, { headers: { ...headers, ...etag, "Content-Length": String(stored.size) } });
  return new Response(body, {
    status: 206,
    headers: {
      ...headers,
      ...etag,
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${stored.size}`,
    },
  });
}
