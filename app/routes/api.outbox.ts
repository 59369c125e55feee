import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, apiRoute, fail, requireApiAdmin } from "~/http/api.server";
import { emailEnabled } from "~/infra/mail.server";
import { listOutbox, type OutboxState } from "~/models/outbox.server";

const STATES: readonly OutboxState[] = ["queued", "sent", "failed"];

/** GET /api/outbox (admin) → the outbox's messages, newest first: `?state=queued|sent|failed`, `?limit=1..500`. */
const route = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const query = new URL(request.url).searchParams;
    const state = query.get("state");
    const limit = query.get("limit");
    if (state !== null && !STATES.includes(state as OutboxState)) return fail(request, [400, "common:api.invalidField"], { field: "state" });
    if (limit !== null && !/^[0-9]{1,3}$/.test(limit)) return fail(request, [400, "common:api.invalidField"], { field: "limit" });
    const messages = await listOutbox({ state: (state as OutboxState | null) ?? undefined, limit: limit === null ? undefined : Number(limit) });
    return apiJson({ emailEnabled: emailEnabled(), messages });
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
