import { data, redirect } from "@remix-run/node";
import { TAB_OF_INTENT, type AdminActionData, type AdminResult, type ConfirmedIntent } from "~/lib/admin-schemas";
import { flashToastHeader } from "~/infra/session.server";

/** A delete posted without its confirmation: the "¿Estás seguro…?" step is asked on its own page. */
export interface AskConfirmation {
  confirm: ConfirmedIntent;
  id: number;
  name?: string;
}

/** A handler's result, with the headers only login and logout add (their cookie, Retry-After). */
export interface AdminAnswer {
  result: AdminResult;
  headers?: Headers;
}

/**
 * The one place an admin result becomes a response. Scripted posts (`_js=1`) get data for their
 * toasts and dialogs; plain posts get POST/redirect/GET with a flash toast on success, or the page
 * again with the errors (the action data) on failure. Successes carry their toast in the flash
 * cookie either way: the root shows it once the page's data is reloaded, even when the form that
 * sent it is gone (a deleted row).
 */
export async function respond(request: Request, answer: AdminAnswer | AskConfirmation, viaScript: boolean) {
  if ("confirm" in answer) {
    const query = new URLSearchParams({ tab: TAB_OF_INTENT[answer.confirm], confirm: answer.confirm, id: String(answer.id) });
    if (answer.name) query.set("name", answer.name.slice(0, 120));
    return redirect(`/admin?${query}`);
  }
  const { result } = answer;
  const headers = new Headers(answer.headers);
  if (!result.ok) return data<AdminActionData>(result, { status: result.status, headers });

  const { toast, ...shown } = result;
  headers.append("Set-Cookie", await flashToastHeader(request, toast));
  if (viaScript) return data<AdminActionData>(shown, { headers });
  const query = new URLSearchParams();
  if (result.intent !== "login" && result.intent !== "logout") query.set("tab", TAB_OF_INTENT[result.intent]);
  if (result.created) {
    query.set("created", result.created.code);
    query.set("createdFor", result.created.primaryGuest);
  }
  return redirect(`/admin${query.size ? `?${query}` : ""}`, { headers });
}
