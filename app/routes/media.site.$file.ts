import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveStoredFile } from "~/http/media-file.server";
import { siteFileKey, siteMediaFile } from "~/models/content-media.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });

/**
 * The portrait and the music the couple uploaded (Contenido → Multimedia): only a file a setting
 * names now, streamed with byte ranges. Stored names never change, so copies are kept for long.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = await siteMediaFile(siteFileKey(params.file ?? ""));
  if (!file) return notFound();
  return (await serveStoredFile(request, file, "public, max-age=31536000, immutable")) ?? notFound();
}
