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

const HEADERS = { "X-Content-Type-Options": "nosniff", "Accept-Ranges": "bytes", "Cross-Origin-Resource-Policy": "same-origin" };

/**
 * Streams a stored site file (the hero's video, the music, the portrait) with its type, answering
 * HEAD (the hero's existence check) and one byte range (phones play video only by ranges: 206,
 * or 416 past the end). The size is the recorded one, so a range is one read of the store. Never
 * the whole file in memory. Null when the key holds nothing.
 */
export async function serveStoredFile(request: Request, file: { key: string; type: string; size?: number }, cacheControl: string): Promise<Response | null> {
  // Without a recorded size (a picture of the content) the whole file is sent: images are not asked for by ranges.
  const asked = request.method === "GET" && file.size !== undefined ? parseRange(request.headers.get("Range")) : null;
  const headers = { ...HEADERS, "Content-Type": file.type, "Cache-Control": cacheControl };
  const range = asked && file.size !== undefined ? within(asked, file.size) : null;
  if (asked && !range) return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${file.size}` } });
  const stored = await storage().open(file.key, range ?? undefined);
  if (!stored) return null;
  const etag = { ETag: stored.etag };
  if (request.method === "HEAD") {
    // Nothing to send: close the file (or hand the bucket's connection back) at once.
    stored.body.destroy();
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
