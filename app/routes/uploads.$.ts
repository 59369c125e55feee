import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { isAdminRequest } from "~/infra/auth.server";
import { clientIp } from "~/http/request.server";
import { storedFileVisibility } from "~/models/gallery.server";
import { isValidKey, storage } from "~/infra/storage.server";

const TYPES: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });

/** Whether the browser's copy (If-None-Match) is the stored one. */
function matches(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * Serves stored photos. Only keys the server itself makes ("{sectionId}/{file}.{ext}") that a
 * photo row names are read, and only inside the store; photos of an inactive section only for
 * the admin. Anything else is a 404. The file is streamed from the folder or the bucket, never
 * held whole in memory.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const type = TYPES[key.split(".").pop()?.toLowerCase() ?? ""];
  if (!type || !isValidKey(key)) return notFound();
  const visibility = await storedFileVisibility(key);
  if (!visibility) return notFound();
  if (!visibility.public && !(await isAdminRequest(request, clientIp(context)))) return notFound();
  const stored = await storage().open(key);
  if (!stored) return notFound();
  const headers = {
    "X-Content-Type-Options": "nosniff",
    // Stored names never change (timestamp + random), so guests' copies are cached for long;
    // a photo of a hidden section (seen by the admin) is not kept anywhere.
    "Cache-Control": visibility.public ? "public, max-age=31536000, immutable" : "private, no-store",
    ETag: stored.etag,
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  const full = { ...headers, "Content-Type": type, "Content-Length": String(stored.size) };
  if (matches(request, stored.etag) || request.method === "HEAD") {
    // Nothing to send: close the file (or hand the bucket's connection back) at once.
    stored.body.destroy();
    return request.method === "HEAD" ? new Response(null, { headers: full }) : new Response(null, { status: 304, headers });
  }
  return new Response(createReadableStreamFromReadable(stored.body), { headers: full });
}
