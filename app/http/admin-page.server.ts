import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { adminSessionSchema, tabPath, type AdminActionData } from "~/lib/admin-schemas";
import { formFieldsOf } from "~/lib/form-fields";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isAdminSession, flashToastHeader } from "~/infra/session.server";
import { readForm } from "~/http/form.server";
import { refuseAdminPost } from "~/http/admin/access.server";
import { login, logout } from "~/http/admin/login.server";
import type { AdminAnswer } from "~/http/admin/respond.server";

/**
 * The /admin layout (app/routes/admin/route.tsx): whether the session is open (the login dialog
 * otherwise), and its own two forms, login and logout. Each screen under it loads and acts on
 * its own (app/http/admin/*.server.ts).
 */
export async function loadAdmin(request: Request) {
  return { authenticated: await isAdminSession(request) };
}

/**
 * Old links (`/admin?tab=invitations`, bookmarks, the README before the split) go to the
 * screen's own URL, their other parameters kept. Nothing is shown, so no session is needed.
 */
export function redirectOldTabLink(request: Request) {
  const url = new URL(request.url);
  const path = tabPath(url.searchParams.get("tab"));
  if (!path) return;
  const query = new URLSearchParams(url.search);
  query.delete("tab");
  query.delete("index");
  throw redirect(query.size ? `${path}?${query}` : path, 301);
}

const sessionFields = formFieldsOf(adminSessionSchema);

/** After the login, back to the admin page it was shown on (never elsewhere). */
function backTo(redirectTo: string | undefined): string {
  const path = safeRedirectPath(redirectTo, "/admin");
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin?") ? path : "/admin";
}

async function handle(request: Request, context: AppLoadContext, formData: FormData): Promise<AdminAnswer & { to?: string }> {
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "login") {
    const refused = await refuseAdminPost(request, context, intent);
    if (refused) return refused;
  }
  const submission = parseWithZod(formData, { schema: adminSessionSchema });
  if (submission.status !== "success") return { result: { intent, ok: false, status: 400, error: submission.reply().error ?? {} } };
  const value = submission.value;
  if (value.intent === "login") return { ...(await login(request, context, value.password)), to: backTo(value.redirectTo) };
  return { ...(await logout(request)), to: "/admin" };
}

/**
 * POST /admin: login (the password dialog) and logout ('Cerrar sesión'). The same answer for the
 * page's script and a plain form: a refusal is data with its status; a success redirects with its
 * toast in the flash cookie (and the session cookie set or cleared).
 */
export async function handleAdminAction(request: Request, context: AppLoadContext) {
  const formData = await readForm(request, sessionFields);
  const { result, headers: extra, to } = await handle(request, context, formData);
  const headers = new Headers(extra);
  if (!result.ok) return data<AdminActionData>(result, { status: result.status, headers });
  headers.append("Set-Cookie", await flashToastHeader(request, result.toast));
  return redirect(to ?? "/admin", { headers });
}
