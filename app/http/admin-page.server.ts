import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { adminActionSchema, CONFIRMED_INTENTS, isAdminTab, type AdminTab, type ConfirmedIntent, type LoadError } from "~/lib/admin-schemas";
import { limitBearerGuesses, requireAdmin } from "~/infra/auth.server";
import { listSections } from "~/models/gallery.server";
import { getStats, listDietaryNotes, listInvitations } from "~/models/invitations.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { isAdminSession } from "~/infra/session.server";
import { readForm, sentByScript } from "~/http/form.server";
import { RateLimited } from "~/infra/rate-limit.server";
import { adminFormFields } from "~/lib/admin-schemas";
import { failed, runOperation } from "~/http/admin/intents.server";
import { respond, type AdminAnswer, type AskConfirmation } from "~/http/admin/respond.server";
import { login, logout, tooManyAttempts } from "~/http/admin/login.server";

async function attempt<T>(what: string, load: () => Promise<T>): Promise<T | LoadError> {
  try {
    return await load();
  } catch (error) {
    console.error(`admin: loading ${what} failed`, error);
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * What the admin page shows: nothing at all without the session; with it, only what the
 * requested tab needs (statistics for Estadísticas and Crear, the list for the others).
 */
export async function loadAdmin(request: Request) {
  if (!(await isAdminSession(request))) return { authenticated: false as const };
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: AdminTab = isAdminTab(requested) ? requested : "stats";
  const [stats, invitations, sections, dietary] = await Promise.all([
    tab === "stats" || tab === "create" ? attempt("stats", getStats) : null,
    tab === "invitations" ? attempt("invitations", listInvitations) : null,
    tab === "gallery" ? attempt("sections", () => listSections({ includeInactive: true })) : null,
    tab === "stats" ? attempt("dietary notes", listDietaryNotes) : null,
  ]);
  return { authenticated: true as const, tab, stats, invitations, sections, dietary };
}

const isConfirmed = (intent: string): intent is ConfirmedIntent => (CONFIRMED_INTENTS as readonly string[]).includes(intent);

/**
 * Every admin form posts here with an `intent`: the checks every post shares, then login, logout
 * or the intent's handler (http/admin/intents.server.ts), then respond() turns the result into
 * the response. Everything but login needs the admin session (401 otherwise), and nothing but the
 * intent is read before that check.
 */
async function handle(request: Request, context: AppLoadContext, formData: FormData): Promise<AdminAnswer | AskConfirmation> {
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "login") {
    // The API token is accepted here too (requireAdmin), so its guesses are limited here too.
    try {
      await limitBearerGuesses(request, clientIp(context));
    } catch (error) {
      if (error instanceof RateLimited) return tooManyAttempts(intent, error);
      throw error;
    }
    await requireAdmin(request);
  }
  // The session cookie is SameSite=Strict already; a form posted from another site is refused too.
  if (isCrossOrigin(request, context)) return { result: failed(intent, "common:crossOrigin", 403) };

  const submission = parseWithZod(formData, { schema: adminActionSchema });
  if (submission.status !== "success") {
    return { result: { intent, ok: false, status: 400, error: submission.reply().error ?? {} } };
  }
  const value = submission.value;
  if (value.intent === "login") return login(request, context, value.password);
  if (value.intent === "logout") return logout(request);
  // "Are you sure?" first: without confirmed=yes a plain form is shown the question on its own page.
  if (isConfirmed(value.intent) && "id" in value && !("confirmed" in value && value.confirmed === "yes")) {
    const name = formData.get("name");
    return { confirm: value.intent, id: value.id, name: typeof name === "string" ? name : undefined };
  }
  return { result: await runOperation(value) };
}

export async function handleAdminAction(request: Request, context: AppLoadContext) {
  const formData = await readForm(request, adminFormFields);
  return respond(request, await handle(request, context, formData), sentByScript(formData));
}
