import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, readJson } from "~/http/api.server";
import { answerBody, changeForGuest } from "~/http/api-invitations.server";

/**
 * PUT (or POST) /api/invitations/{code}/answer, the body of a confirmation → the changed invitation:
 * 'Cambiar mi respuesta' (decision 0062). Only a confirmed answer that holds more than a yes
 * (events, the menu, children), before the deadline: 403 otherwise (the closed message after it);
 * every rule of a confirmation, 400 and nothing stored when one is broken; 409 once declined or
 * still pending. Rate-limited like code look-ups.
 */
const handle = async ({ request, params, context }: { request: Request; params: { code?: string }; context: ActionFunctionArgs["context"] }) => {
  const body = await readJson(request, answerBody);
  return apiJson(await changeForGuest(request, context, params.code ?? "", body.guests, body.message, body.answers));
};
const route = apiRoute({ PUT: handle, POST: handle });
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
