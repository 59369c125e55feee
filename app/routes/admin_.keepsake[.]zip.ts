import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/infra/auth.server";
import { getFixedT, getLanguage, isLanguage } from "~/infra/i18n.server";
import { clientIp } from "~/http/request.server";
import { zipResponse } from "~/http/gallery-zip.server";
import { keepsakeArchive } from "~/http/keepsake.server";

/**
 * GET /admin/keepsake.zip ('Descargar recuerdo', decision 0053): the couple's keepsake, a small
 * static website with every photo full size, in `?lang=es|en` or the site's current language;
 * admin session or API token only (401 otherwise), an unknown language a 400.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, clientIp(context));
  const asked = new URL(request.url).searchParams.get("lang");
  if (asked !== null && !isLanguage(asked)) {
    const t = await getFixedT(request, "keepsake");
    return new Response(t("languageMissing"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const lang = asked ?? (await getLanguage(request));
  return zipResponse(request, context, await keepsakeArchive(lang));
}
