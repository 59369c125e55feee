import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/infra/auth.server";
import { clientIp } from "~/http/request.server";
import { publicBaseUrl } from "~/http/public-url.server";
import { csvDownload } from "~/http/csv-download.server";
import { exportGuestList } from "~/models/guest-list.server";

/** GET /admin/export.csv (admin session, 401 otherwise): the guest list for a spreadsheet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, clientIp(context));
  return csvDownload(await exportGuestList(publicBaseUrl(request)), "invitados.csv");
}
