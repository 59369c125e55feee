import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/infra/auth.server";
import { clientIp } from "~/http/request.server";
import { csvDownload } from "~/http/csv-download.server";
import { cateringCsv, cateringReport } from "~/models/menu.server";

/** GET /admin/catering.csv (admin session or API token, 401 otherwise): 'Informe para el catering' for a spreadsheet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, clientIp(context));
  return csvDownload(cateringCsv(await cateringReport()), "catering.csv");
}
