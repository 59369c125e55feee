import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveStoredFile } from "~/http/media-file.server";
import { isAdminRequest } from "~/infra/auth.server";
import { clientIp } from "~/http/request.server";
import { storedFileVisibility } from "~/models/gallery.server";
import { isValidKey } from "~/infra/storage.server";
import { GUEST_VIDEO_TYPES } from "~/lib/content-media";

const TYPES: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif", ...GUEST_VIDEO_TYPES };

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });

/**
 * Serves stored photos. Only keys the server itself makes ("{sectionId}/{file}.{ext}") that a
 * photo row names are read, and only inside the store; photos of an inactive section only for
 * the admin. Anything else is a 404. Answered as every stored file is (serveStoredFile: HEAD,
 * If-None-Match, a byte range of a photo whose size is recorded), streamed from the folder or the
 * bucket, never held whole in memory.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const type = TYPES[key.split(".").pop()?.toLowerCase() ?? ""];
  if (!type || !isValidKey(key)) return notFound();
  const visibility = await storedFileVisibility(key);
  if (!visibility) return notFound();
  if (!visibility.public && !(await isAdminRequest(request, clientIp(context)))) return notFound();
  // Stored names never change (timestamp + random), so guests' copies are cached for long;
  // a photo of a hidden section (seen by the admin) is not kept anywhere.
  const cacheControl = visibility.public ? "public, max-age=31536000, immutable" : "private, no-store";
  const served = await serveStoredFile(request, { key, type, size: visibility.size }, cacheControl, {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
  return served ?? notFound();
}
