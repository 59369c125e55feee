import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { recordWhatsAppReminder, reminderRefusals } from "~/http/admin/reminders.server";
import { flashToastHeader, isAdminSession } from "~/infra/session.server";

/**
 * GET /admin/reminders/{id}/whatsapp: 'Recordar por WhatsApp' without JavaScript (with it, the page
 * records through its action and links to wa.me itself). Records the reminder, then 302 to the
 * guest's WhatsApp chat with the message. Admin only: the session cookie is SameSite=Strict, so
 * a link on another site cannot record anything; without the session, the login.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const back = "/admin/reminders";
  if (!(await isAdminSession(request))) return redirect(back);
  const id = /^[0-9]{1,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const result = id > 0 ? await recordWhatsAppReminder(request, id) : ({ ok: false, error: "notFound" } as const);
  if (!result.ok) {
    const key = reminderRefusals[result.error][1];
    return redirect(back, { headers: { "Set-Cookie": await flashToastHeader(request, { kind: "error", key }) } });
  }
  return redirect(result.whatsApp, { headers: { "Cache-Control": "no-store" } });
}
