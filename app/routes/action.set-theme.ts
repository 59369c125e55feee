import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isTheme } from "remix-themes";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { themeCookieHeader } from "~/server/theme.server";

/**
 * Saves the theme. remix-themes' provider posts JSON (JavaScript on);
 * the toggle's plain form posts `theme` and `redirectTo` (JavaScript off).
 */
export async function action({ request }: ActionFunctionArgs) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("form")) {
    const body = (await request.json().catch(() => null)) as { theme?: unknown } | null;
    const theme = body && isTheme(body.theme) ? body.theme : null;
    return Response.json({ success: true }, { headers: { "Set-Cookie": await themeCookieHeader(request, theme) } });
  }
  const form = await request.formData();
  const theme = form.get("theme");
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    headers: { "Set-Cookie": await themeCookieHeader(request, isTheme(theme) ? theme : null) },
  });
}

export const loader = () => redirect("/");
