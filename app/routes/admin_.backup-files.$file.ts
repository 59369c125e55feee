import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/infra/auth.server";
import { clientIp } from "~/http/request.server";
import { backupFileResponse } from "~/http/backup-download.server";
import { backupFilePath } from "~/models/backup-schedule.server";

/** GET /admin/backup-files/{name}: one of the scheduled backups listed on 'Copia de seguridad'; admin session or API token. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, clientIp(context));
  const name = params.file ?? "";
  const file = await backupFilePath(name);
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return backupFileResponse(request, file, name);
}
