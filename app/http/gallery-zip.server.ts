import type { AppLoadContext } from "@remix-run/node";
import { getFixedT } from "~/infra/i18n.server";
import { clientIp } from "~/http/request.server";
import { takeZipSlot, zipStream, type GalleryArchive } from "~/models/archive.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** A download slot counted for the whole server (every worker), or null past the limits. */
    takeDownloadSlot?: (client: string, limits: { perClient: number; total: number }) => Promise<{ release: () => void } | null>;
  }
}

/** "Fotos de la boda" → `attachment; filename="Fotos de la boda.zip"; filename*=UTF-8''…` (any name, any browser). */
function attachment(fileName: string): string {
  const ascii =
    fileName
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\%]/g, "_") || "galeria";
  return `attachment; filename="${ascii}.zip"; filename*=UTF-8''${encodeURIComponent(`${fileName}.zip`)}`;
}

/** A gallery ZIP as a streamed answer; 503 (with a message in the guest's language) when too many are under way. */
export async function zipResponse(request: Request, context: AppLoadContext, archive: GalleryArchive): Promise<Response> {
  const headers = {
    "Content-Type": "application/zip",
    "Content-Disposition": attachment(archive.fileName),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  // A HEAD would otherwise read the whole archive from disk for a body nobody receives.
  if (request.method === "HEAD") return new Response(null, { headers });
  const slot = await takeZipSlot(context, clientIp(context));
  if (!slot) {
    const t = await getFixedT(request, "gallery");
    return new Response(t("download.busy"), { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" } });
  }
  // The server reads the next chunk only once the client took the last, and cuts off a client that
  // takes nothing for 30 s (server/streaming.mjs): the request aborts, which ends the archive.
  const body = await zipStream(archive, { signal: request.signal, onEnd: slot.release });
  return new Response(body, { headers });
}
