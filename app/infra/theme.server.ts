import { createCookie } from "@remix-run/node";
import { type Theme, isTheme } from "remix-themes";
import { isHttps } from "~/lib/https";

/** The saved theme choice; no cookie means "follow the system, light by default". */
const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export async function getTheme(request: Request): Promise<Theme | null> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : null;
}

/** Set-Cookie that saves `theme`, or forgets the choice when null. */
export async function themeCookieHeader(request: Request, theme: Theme | null): Promise<string> {
  const secure = isHttps(request);
  return theme ? themeCookie.serialize(theme, { secure }) : themeCookie.serialize("", { secure, maxAge: 0 });
}
