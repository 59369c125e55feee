import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { adminActionSchema, CONFIRMED_INTENTS, isAdminTab, TAB_OF_INTENT, type AdminAction, type AdminTab, type LoadError } from "~/lib/admin-schemas";
import { TOTAL_CAPACITY } from "~/lib/constants";
import { requireAdmin } from "~/infra/auth.server";
import { createSection, deleteMedia, deleteSection, listSections, updateSection } from "~/models/gallery.server";
import { createInvitation, deleteGuest, deleteInvitation, getStats, listDietaryNotes, listInvitations, seatsHandedOut } from "~/models/invitations.server";
import { clear, hit } from "~/infra/rate-limit.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { checkAdminPassword } from "~/infra/secrets.server";
import { endAdminSessionHeader, flashToastHeader, isAdminSession, startAdminSessionHeader, type Toast } from "~/infra/session.server";
import { readForm } from "~/http/form.server";
import { editInvitation } from "~/http/admin/edit-invitation.server";

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

export interface AdminActionResult {
  intent: string;
  ok: boolean;
  toast?: Toast;
  /** Form-level errors as translation keys (conform's shape under error[""]). */
  error?: Record<string, string[] | null>;
  created?: { code: string; primaryGuest: string };
  capacityWarning?: { total: number; capacity: number };
  /** 'Editar Invitación' asks before an answer change removes guests (see edit-invitation.server). */
  confirmAnswer?: { id: number; primaryGuest: string; maxGuests: string; answer: string };
}

/** The spec's error toast (section 8) for an operation that failed on the server. */
export const FAILURE_KEYS: Record<Exclude<AdminAction["intent"], "login" | "logout">, string> = {
  createInvitation: "dashboard:toasts.createInvitationError",
  deleteInvitation: "dashboard:toasts.deleteInvitationError",
  editInvitation: "dashboard:toasts.updateInvitationError",
  deleteGuest: "dashboard:toasts.deleteGuestError",
  createSection: "dashboard:toasts.createSectionError",
  editSection: "dashboard:toasts.updateSectionError",
  setSectionActive: "dashboard:toasts.updateSectionError",
  setSectionUpload: "dashboard:toasts.updateSectionError",
  deleteSection: "dashboard:toasts.deleteSectionError",
  deleteMedia: "dashboard:toasts.deletePhotoError",
};

/**
 * Every admin form posts here with an `intent`. Scripted posts (`_js=1`) get data back for
 * toasts without a reload; plain posts get POST/redirect/GET with a flash toast, or the page
 * again with the errors. Everything but login needs the admin session (401 otherwise), and
 * nothing but the intent is read before that check.
 */
export async function handleAdminAction(request: Request, context: AppLoadContext) {
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "login") await requireAdmin(request);
  // The session cookie is SameSite=Strict already; a form posted from another site is refused too.
  if (isCrossOrigin(request)) {
    return data({ intent, ok: false, status: "error" as const, error: { "": ["common:crossOrigin"] } }, { status: 403 });
  }

  const viaScript = formData.get("_js") === "1";
  const submission = parseWithZod(formData, { schema: adminActionSchema });
  if (submission.status !== "success") {
    return data({ ...submission.reply(), intent, ok: false } satisfies AdminActionResult & object, { status: 400 });
  }
  const value = submission.value;

  const reply = async (result: AdminActionResult, status = 200, tab?: AdminTab, headers?: Headers) => {
    const h = headers ?? new Headers();
    // Successes carry their toast in the flash cookie: the root shows it after the page's data is
    // reloaded, even when the form that sent it is gone (a deleted row). Failures are answered with
    // the message, shown next to the form (and as a toast with JavaScript).
    if (result.ok && result.toast) h.append("Set-Cookie", await flashToastHeader(request, result.toast));
    if (viaScript || status >= 400) {
      return data(
        { ...result, toast: result.ok ? undefined : result.toast, status: result.ok ? ("success" as const) : ("error" as const) },
        { status, headers: h },
      );
    }
    const query = new URLSearchParams();
    if (tab) query.set("tab", tab);
    if (result.created) {
      query.set("created", result.created.code);
      query.set("createdFor", result.created.primaryGuest);
    }
    return redirect(`/admin${query.size ? `?${query}` : ""}`, { headers: h });
  };
  const fail = (key: string, status: number) => reply({ intent, ok: false, error: { "": [key] }, toast: { kind: "error", key } }, status);

  // "Are you sure?" first: without confirmed=yes a plain form is shown the question on its own page.
  if ((CONFIRMED_INTENTS as readonly string[]).includes(value.intent) && !("confirmed" in value && value.confirmed === "yes")) {
    const query = new URLSearchParams({ tab: TAB_OF_INTENT[value.intent], confirm: value.intent, id: String((value as { id: number }).id) });
    const name = formData.get("name");
    if (typeof name === "string" && name) query.set("name", name.slice(0, 120));
    return redirect(`/admin?${query}`);
  }

  if (value.intent === "login") {
    const ip = clientIp(context);
    const limit = hit("login", ip);
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfter / 60);
      return data(
        {
          intent,
          ok: false,
          status: "error" as const,
          error: { "": ["common:tooManyRequests"] },
          toast: { kind: "error" as const, key: "common:tooManyRequests", values: { minutes } },
          retryAfterMinutes: minutes,
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
      );
    }
    if (!checkAdminPassword(value.password)) return fail("dashboard:login.wrongPassword", 401);
    clear("login", ip);
    const headers = new Headers({ "Set-Cookie": await startAdminSessionHeader(request) });
    return reply({ intent, ok: true, toast: { kind: "success", key: "dashboard:login.granted" } }, 200, undefined, headers);
  }
  if (value.intent === "logout") {
    const headers = new Headers({ "Set-Cookie": await endAdminSessionHeader(request) });
    return reply({ intent, ok: true, toast: { kind: "info", key: "dashboard:toasts.loggedOut" } }, 200, undefined, headers);
  }

  try {
    switch (value.intent) {
      case "createInvitation": {
        const total = (await seatsHandedOut()) + value.maxGuests;
        if (total > TOTAL_CAPACITY && value.overCapacity !== "yes") {
          // Warn before creating; the form asks again with overCapacity=yes.
          return data(
            {
              intent,
              ok: false,
              status: "error" as const,
              capacityWarning: { total, capacity: TOTAL_CAPACITY },
              initialValue: { primaryGuest: value.primaryGuest, maxGuests: String(value.maxGuests) },
            },
            { status: 409 },
          );
        }
        const created = await createInvitation(value);
        if (!created.ok) return fail(`dashboard:create.${created.error === "primaryGuestRequired" ? "nameRequired" : created.error}`, 400);
        return reply(
          {
            intent,
            ok: true,
            toast: { kind: "success", key: "dashboard:toasts.invitationCreated" },
            created: { code: created.invitation.code, primaryGuest: created.invitation.primaryGuest },
          },
          200,
          "create",
        );
      }
      case "deleteInvitation": {
        if (!(await deleteInvitation(value.id))) return fail(FAILURE_KEYS.deleteInvitation, 404);
        return reply({ intent, ok: true, toast: { kind: "success", key: "dashboard:toasts.invitationDeleted" } }, 200, "invitations");
      }
      case "editInvitation": {
        const edited = await editInvitation(value);
        return reply({ intent, ...edited.result }, edited.status, "invitations");
      }
      case "deleteGuest": {
        const result = await deleteGuest(value.id);
        // The server's own reason when it has one (the primary guest), else the spec's generic text.
        if (!result.ok) return result.error === "primaryGuest" ? fail("dashboard:toasts.primaryGuest", 409) : fail(FAILURE_KEYS.deleteGuest, 404);
        return reply({ intent, ok: true, toast: { kind: "success", key: "dashboard:toasts.guestDeleted" } }, 200, "invitations");
      }
      case "createSection": {
        const created = await createSection({ name: value.name, description: value.description, allow_upload: value.allow_upload, is_active: value.is_active });
        if (!created.ok) return fail(`dashboard:gallery.${created.error}`, 400);
        return reply({ intent, ok: true, toast: { kind: "success", key: "dashboard:toasts.sectionCreated" } }, 200, "gallery");
      }
      case "editSection":
      case "setSectionActive":
      case "setSectionUpload": {
        const patch =
          value.intent === "editSection"
            ? { name: value.name, description: value.description ?? null }
            : value.intent === "setSectionActive"
              ? { is_active: value.value === "true" }
              : { allow_upload: value.value === "true" };
        const updated = await updateSection(value.id, patch);
        if (!updated.ok) return updated.error === "notFound" ? fail(FAILURE_KEYS[value.intent], 404) : fail(`dashboard:gallery.${updated.error}`, 400);
        return reply({ intent, ok: true, toast: { kind: "success", key: "dashboard:toasts.sectionUpdated" } }, 200, "gallery");
      }
      case "deleteSection": {
        if (!(await deleteSection(value.id))) return fail(FAILURE_KEYS.deleteSection, 404);
        return reply({ intent, ok: true, toast: { kind: "success", key: "dashboard:toasts.sectionDeleted" } }, 200, "gallery");
      }
      case "deleteMedia": {
        if (!(await deleteMedia(value.id))) return fail(FAILURE_KEYS.deleteMedia, 404);
        return reply({ intent, ok: true, toast: { kind: "success", key: "dashboard:toasts.photoDeleted" } }, 200, "gallery");
      }
    }
  } catch (error) {
    // A failure of the store (disk full, locked database...): the spec's message, nothing half-done
    // (each server function writes in one statement or one transaction).
    console.error(`admin: ${value.intent} failed`, error);
    return fail(FAILURE_KEYS[value.intent], 500);
  }
}
