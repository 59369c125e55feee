import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { recordWhatsAppReminder, reminderRefusals } from "~/http/admin/reminders.server";
import { isCrossOrigin } from "~/http/request.server";
import { flashToastHeader, isAdminSession } from "~/infra/session.server";

const BACK = "/admin/reminders";

/**
 * GET (or HEAD) records nothing: a link preview, a prefetch or an old bookmark of this address is
 * sent to 'Por responder'. Only the form's POST below records a reminder.
 */
export function loader() {
  return redirect(BACK);
}

/**
 * POST /admin/reminders/{id}/whatsapp: 'Recordar por WhatsApp' without JavaScript (a form with a
 * button, opened in a new tab; with JavaScript the page records through its action and links to
 * wa.me itself). Records the reminder, then 302 to the guest's WhatsApp chat with the message.
 * Admin only (without the session, the login), from this site only (the session cookie is
 * SameSite=Strict too).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!(await isAdminSession(request))) return redirect(BACK);
  const refuse = async (key: string) => redirect(BACK, { headers: { "Set-Cookie": await flashToastHeader(request, { kind: "error", key }) } });
  if (isCrossOrigin(request, context)) return refuse("common:crossOrigin");
  const id = /^[0-9]{1,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const result = id > 0 ? await recordWhatsAppReminder(request, id) : ({ ok: false, error: "notFound" } as const);
  if (!result.ok) return refuse(reminderRefusals[result.error][1]);
  return redirect(result.whatsApp, { headers: { "Cache-Control": "no-store" } });
}
