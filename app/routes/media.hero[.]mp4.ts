import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveStoredFile } from "~/http/media-file.server";
import { storedSiteMedia } from "~/models/content-media.server";

const noVideo = () => new Response(null, { status: 204, headers: { "Cache-Control": "public, max-age=300" } });

/**
 * The hero's video: the one the couple uploaded in Contenido → Multimedia, streamed with byte
 * ranges (phones need them); without one, "no video" without an error status, and the hero shows
 * its tinted background. A file a deployer put at public/media/hero.mp4 is answered by the static
 * server before this route.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const video = await storedSiteMedia("heroVideo");
  if (!video) return noVideo();
  // The page asks with ?v= naming the file, so a new video is a new address.
  return (await serveStoredFile(request, video, "public, max-age=300")) ?? noVideo();
}
