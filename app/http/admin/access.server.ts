import type { AppLoadContext } from "@remix-run/node";
import { limitBearerGuesses, requireAdmin } from "~/infra/auth.server";
import { RateLimited } from "~/infra/rate-limit.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import type { AdminResult } from "~/lib/admin-schemas";
import { tooManyAttempts } from "./login.server";
import type { AdminAnswer } from "./respond.server";

/** A refusal: the message next to the form and as a toast. */
export function failed(intent: string, key: string, status: number): AdminResult {
  return { intent, ok: false, status, error: { "": [key] }, toast: { kind: "error", key } };
}

/**
 * What every admin post but login passes first: the session or the API token (401 thrown
 * otherwise, its guesses limited like passwords: 429), and a form from this site only (403; the
 * session cookie is SameSite=Strict already). Null when the post may go on.
 */
export async function refuseAdminPost(request: Request, context: AppLoadContext, intent: string): Promise<AdminAnswer | null> {
  const client = clientIp(context);
  try {
    await limitBearerGuesses(request, client);
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts(intent, error);
    throw error;
  }
  await requireAdmin(request, client);
  if (isCrossOrigin(request, context)) return { result: failed(intent, "common:crossOrigin", 403) };
  return null;
}
