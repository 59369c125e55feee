import { data, replace } from "@remix-run/node";
import type { AdminActionData, AdminResult, ConfirmedIntent } from "~/lib/admin-schemas";
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

/** Query parameters that open one step (a dialog, a question, a new code): never carried over. */
const ONE_SHOT = ["index", "confirm", "id", "name", "edit", "editInvitation", "created", "createdFor"];

/** The screen the form was posted from, its filters kept, without the step it was in. */
function screenOf(request: Request): { path: string; query: URLSearchParams } {
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  for (const name of ONE_SHOT) query.delete(name);
  return { path: url.pathname, query };
}
const at = ({ path, query }: { path: string; query: URLSearchParams }) => (query.size ? `${path}?${query}` : path);

/**
 * The one place an admin screen's result becomes a response, the same whether the page's script
 * or a plain form posted it (a Remix form): a failure is data with its status (conform's shape:
 * the form shows its errors, a fetcher its toast); a success is POST/redirect/GET back to the
 * screen with its toast in the flash cookie (the root shows it once the page's data is reloaded,
 * even when the form that sent it is gone, e.g. a deleted row). The redirect replaces the history
 * entry, so Back does not step through every save.
 */
export async function respond(request: Request, answer: AdminAnswer | AskConfirmation) {
  const screen = screenOf(request);
  if ("confirm" in answer) {
    screen.query.set("confirm", answer.confirm);
    screen.query.set("id", String(answer.id));
    if (answer.name) screen.query.set("name", answer.name.slice(0, 120));
    return replace(at(screen));
  }
  const { result } = answer;
  const headers = new Headers(answer.headers);
  if (!result.ok) return data<AdminActionData>(result, { status: result.status, headers });
  if (result.shown) {
    const { toast: _toast, ...shown } = result;
    return data<AdminActionData>(shown, { headers });
  }
  headers.append("Set-Cookie", await flashToastHeader(request, result.toast));
  if (result.created) {
    screen.query.set("created", result.created.code);
    screen.query.set("createdFor", result.created.primaryGuest);
    // The new code is shown further down the screen: the fragment scrolls to it without JavaScript.
    return replace(`${at(screen)}#created-invitation`, { headers });
  }
  return replace(at(screen), { headers });
}
