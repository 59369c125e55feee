import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { AppLoadContext } from "@remix-run/node";
import { getFixedT } from "~/infra/i18n.server";
import { clientIp } from "~/http/request.server";
import { takeZipSlot } from "~/models/archive.server";
import { backupWebStream } from "~/models/backup.server";

const zipHeaders = (fileName: string) => ({
  "Content-Type": "application/zip",
  "Content-Disposition": `attachment; filename="${fileName}"`,
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
});

/** The name a download is saved under: the site's backup and the moment it was made (UTC). */
const downloadName = (now = new Date()) => `boda-copia-${now.toISOString().slice(0, 19).replace(/:/g, "-")}Z.zip`;

/**
 * The full backup as a streamed answer (app/models/backup.server.ts), made while it is sent: it
 * takes one of the server's ZIP download slots like the gallery's ZIP (503 with a message past
 * them), reads each chunk only when the client took the last, and stops when the client leaves.
 * A GET that changes nothing; a HEAD sends the headers only.
 */
export async function backupResponse(request: Request, context: AppLoadContext): Promise<Response> {
  const headers = zipHeaders(downloadName());
  if (request.method === "HEAD") return new Response(null, { headers });
  const slot = await takeZipSlot(context, clientIp(context));
  if (!slot) {
    const t = await getFixedT(request, "gallery");
    return new Response(t("download.busy"), { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" } });
  }
  try {
    return new Response(await backupWebStream({ signal: request.signal, onEnd: slot.release }), { headers });
  } catch (error) {
    slot.release();
    throw error;
  }
}

/** A scheduled backup file streamed as it is read from disk (Readable.toWeb pauses the file while the client is slow). */
export function backupFileResponse(request: Request, file: string, name: string): Response {
  const headers = zipHeaders(name);
  if (request.method === "HEAD") return new Response(null, { headers });
  const stream = createReadStream(file);
  request.signal.addEventListener("abort", () => stream.destroy(), { once: true });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { headers });
}
