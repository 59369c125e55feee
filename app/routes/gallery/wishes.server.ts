import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { errorsOnly, readForm, refusedReply } from "~/http/form.server";
import { rateLimitedReply } from "~/http/rate-limited.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { consume, RateLimited } from "~/infra/rate-limit.server";
import { flashToastHeader } from "~/infra/session.server";
import { MAX_WISH_LENGTH, MAX_WISH_NAME_LENGTH, wishFormFields, wishFormSchema, wishKeptFields } from "~/lib/wishes";
import { addWish, listPublishedWishes } from "~/models/wishes.server";

/** The gallery's wishes: the published ones, and the form's limits. */
export async function loadWishes() {
  return { list: await listPublishedWishes(), maxName: MAX_WISH_NAME_LENGTH, maxMessage: MAX_WISH_LENGTH };
}

/** Marks a /gallery action answer as the wish form's (the page's upload form has its own). */
const answer = <T extends object>(reply: T, status: number, headers?: HeadersInit) =>
  data({ ...reply, form: "wish" as const, retryAfterMinutes: 0 }, { status, headers });

/**
 * 'Deja un mensaje para los novios' posted on /gallery (the same answer whether the page's script
 * or a plain form sent it, decision 0020): another site's post is refused, the client's allowance
 * counted, the form read (its own fields only) and checked with the shared schema; a refusal keeps
 * what was typed, a success is a redirect to the gallery's wishes with a flash message (published,
 * or waiting for the couple's approval).
 */
export async function handleWishPost(request: Request, context: AppLoadContext) {
  if (isCrossOrigin(request, context)) return answer(errorsOnly({ "": ["common:crossOrigin"] }), 403);
  try {
    await consume("wish", clientIp(context));
  } catch (error) {
    if (error instanceof RateLimited) return rateLimitedReply(error, { form: "wish" as const });
    throw error;
  }
  const submission = parseWithZod(await readForm(request, wishFormFields), { schema: wishFormSchema });
  if (submission.status !== "success") return answer(refusedReply(submission.reply(), wishKeptFields), 400);
  const added = await addWish(submission.value);
  // The site's ceiling on pending wishes is no fault of the guest's (503, try again later); anything else would be a bug.
  if (!added.ok)
    return answer(refusedReply(submission.reply({ formErrors: [`wishes:errors.${added.error}`] }), wishKeptFields), added.error === "wishesFull" ? 503 : 400);
  const toast = { kind: "success" as const, key: added.status === "pending" ? "wishes:sentForReview" : "wishes:sent" };
  return redirect("/gallery#wishes", { headers: { "Set-Cookie": await flashToastHeader(request, toast) } });
}

/** Whether a /gallery post is the wish form (a plain form post) rather than a photo upload (multipart). */
export const isWishPost = (request: Request) => (request.headers.get("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded");
