import type { LoaderFunctionArgs } from "@remix-run/node";
import { currentContent } from "~/models/content-live.server";
import { appIconPng, appIconVersion } from "~/http/app-icon.server";
import { isAppIconFile } from "~/lib/app-icon";

/**
 * GET /icons/{icon-192.png, icon-512.png, maskable-512.png}: the installed site's icon, the couple's
 * initials (web app manifest, decision 0064). The manifest names them with `?v=` (the initials'
 * version), so a browser may keep a copy a day; an unchanged one answers 304.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!isAppIconFile(file)) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { names } = (await currentContent()).couple;
  const etag = `"${appIconVersion(names)}-${file}"`;
  const headers = { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400", ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const png = await appIconPng(names, file);
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Length": String(png.length) } });
}
