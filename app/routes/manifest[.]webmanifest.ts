import type { LoaderFunctionArgs } from "@remix-run/node";
import { currentContent } from "~/models/content-live.server";
import { getLanguage, textsIn } from "~/infra/i18n.server";
import { appIconVersion } from "~/http/app-icon.server";
import { APP_COLOURS, APP_ICONS, coupleInitials } from "~/lib/app-icon";

/**
 * GET /manifest.webmanifest: the site as an app a guest can install (decision 0064). Named after
 * the couple as 'Contenido' holds them now, in the visitor's language; read again within minutes
 * of a rename.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [lang, content] = await Promise.all([getLanguage(request), currentContent()]);
  const { names } = content.couple;
  const version = appIconVersion(names);
  const texts = textsIn(lang, ["offline"])[lang]?.offline as { appDescription: string };
  const manifest = {
    name: names,
    short_name: names.length <= 12 ? names : coupleInitials(names) || names.slice(0, 12),
    description: texts.appDescription,
    lang,
    dir: "ltr",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: APP_COLOURS.background,
    background_color: APP_COLOURS.background,
    icons: Object.entries(APP_ICONS).map(([file, icon]) => ({
      src: `/icons/${file}?v=${version}`,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.maskable ? "maskable" : "any",
    })),
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      Vary: "Cookie, Accept-Language",
    },
  });
}
