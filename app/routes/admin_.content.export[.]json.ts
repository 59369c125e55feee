import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/infra/auth.server";
import { clientIp } from "~/http/request.server";
import { exportContent } from "~/models/content-transfer.server";

/** GET /admin/content/export.json (admin session, 401 otherwise): 'Exportar contenido', every text and the media files' list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, clientIp(context));
  const file = await exportContent();
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="contenido-${file.exportedAt.slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
