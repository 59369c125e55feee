import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/infra/i18n.server";
import { zipResponse } from "~/http/gallery-zip.server";
import { sectionArchive } from "~/models/archive.server";

/** GET /gallery/{id}.zip: 'Descargar todo' for one active section, photos full size, one folder. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const archive = id === null ? null : await sectionArchive(id);
  if (!archive) {
    const t = await getFixedT(request, "gallery");
    return new Response(t("errors.sectionNotFound"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return zipResponse(request, context, archive);
}
