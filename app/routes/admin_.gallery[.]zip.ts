import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/infra/auth.server";
import { clientIp } from "~/http/request.server";
import { zipResponse } from "~/http/gallery-zip.server";
import { wholeGalleryArchive } from "~/models/archive.server";

/** GET /admin/gallery.zip: every section (active or not), one folder each; admin session only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, clientIp(context));
  return zipResponse(request, context, await wholeGalleryArchive());
}
