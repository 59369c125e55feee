import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiAdmin } from "~/http/api.server";
import { csvDownload } from "~/http/csv-download.server";
import { publicBaseUrl } from "~/http/public-url.server";
import { exportGuestList } from "~/models/guest-list.server";

/** GET /api/invitations/export.csv (admin session or token) → the guest list as CSV, as /admin/export.csv. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return csvDownload(await exportGuestList(publicBaseUrl(request)), "invitados.csv");
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
