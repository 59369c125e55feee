import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isTheme } from "remix-themes";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { themeCookieHeader } from "~/infra/theme.server";
import { readBoundedBody, readForm } from "~/http/form.server";
import { MAX_FORM_BODY_BYTES } from "~/lib/constants";

/**
 * Saves the theme. remix-themes' provider posts JSON (JavaScript on);
 * the toggle's plain form posts `theme` and `redirectTo` (JavaScript off).
 */
export async function action({ request }: ActionFunctionArgs) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("form")) {
    const body = jsonOrNull(await readBoundedBody(request, MAX_FORM_BODY_BYTES)) as { theme?: unknown } | null;
    const theme = isTheme(body?.theme) ? body.theme : null;
    return Response.json({ success: true }, { headers: { "Set-Cookie": await themeCookieHeader(request, theme) } });
  }
  const form = await readForm(request, ["theme", "redirectTo"]);
  const theme = form.get("theme");
  return redirect(safeRedirectPath(form.get("redirectTo"), "/", new URL(request.url).origin), {
    headers: { "Set-Cookie": await themeCookieHeader(request, isTheme(theme) ? theme : null) },
  });
}

export const loader = () => redirect("/");

/** An oversized or malformed body counts as no choice (the theme falls back to the system's). */
function jsonOrNull(body: Buffer | null): unknown {
  try {
    return body ? JSON.parse(body.toString("utf8")) : null;
  } catch {
    return null;
  }
}
