import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/infra/auth.server";
import { clientIp } from "~/http/request.server";
import { backupResponse } from "~/http/backup-download.server";

/**
 * GET /admin/backup.zip ('Descargar copia completa'): the whole site in one archive, made while it
 * is sent (decision 0051); admin session or API token. Reading it changes nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, clientIp(context));
  return backupResponse(request, context);
}
