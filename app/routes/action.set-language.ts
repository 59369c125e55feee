import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isLanguage, languageCookie } from "~/infra/i18n.server";
import { readForm } from "~/http/form.server";
import { isHttps } from "~/lib/https";

/** Saves the language choice (a plain form, so it works without JavaScript). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, ["lng", "redirectTo"]);
  const lng = form.get("lng");
  const to = safeRedirectPath(form.get("redirectTo"), "/", new URL(request.url).origin);
  if (!isLanguage(lng)) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": await languageCookie.serialize(lng, { secure: isHttps(request) }) } });
}

export const loader = () => redirect("/");
