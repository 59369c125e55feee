import { z } from "zod";
import { apiJson, fail, idParam, readJson, requireApiAdmin, type ApiArgs } from "~/http/api.server";
import type { Answer } from "~/http/api-messages.server";
import { clientIp } from "~/http/request.server";
import { consume } from "~/infra/rate-limit.server";
import { pageOf } from "~/lib/pages";
import {
  addWish,
  approveWish,
  listPublishedWishes,
  listWishesForReview,
  removeWish,
  setWishesNeedReview,
  wishesNeedReview,
  type WishRefusal,
} from "~/models/wishes.server";

/** addWish's refusals as the API answers them, in the caller's language (the page's messages). */
const wishAnswers: Record<WishRefusal, Answer> = {
  nameRequired: [400, "wishes:errors.nameRequired"],
  nameTooLong: [400, "wishes:errors.nameTooLong"],
  messageRequired: [400, "wishes:errors.messageRequired"],
  messageTooLong: [400, "wishes:errors.messageTooLong"],
  // The site's ceiling on pending wishes: not the guest's fault, try again later.
  wishesFull: [503, "wishes:errors.wishesFull"],
};
const wishNotFound: Answer = [404, "wishes:errors.notFound"];

// Types only: the rules (cleaned like names, lengths) are addWish's.
const newWish = z.object({ name: z.string(), message: z.string() }).strict();
const reviewSetting = z.object({ review: z.boolean() }).strict();

/** GET /api/gallery/wishes: the published wishes, newest first (never a pending one). */
export const publishedWishes = async () => apiJson(await listPublishedWishes());

/**
 * POST /api/gallery/wishes { name, message }: 201 `{ id, status }` ('pending' while the couple
 * reviews wishes); the client's wishes are limited like the page's form (429 past them).
 */
export async function postWish({ request, context }: ApiArgs) {
  await consume("wish", clientIp(context));
  const added = await addWish(await readJson(request, newWish));
  if (!added.ok) return fail(request, wishAnswers[added.error]);
  return apiJson({ id: added.id, status: added.status }, 201);
}

/**
 * GET /api/gallery/wishes/review[?page=N] (admin): the switch, one page of the pending wishes
 * (oldest first) with their total (`pendingTotal`), and the published ones.
 */
export async function wishesForReview({ request }: ApiArgs) {
  await requireApiAdmin(request);
  const [review, wishes] = await Promise.all([wishesNeedReview(), listWishesForReview(pageOf(request))]);
  return apiJson({ review, ...wishes });
}

/** PUT /api/gallery/wishes/review (admin) { review: boolean }: 'Revisar mensajes antes de publicar'. */
export async function setReview({ request }: ApiArgs) {
  await requireApiAdmin(request);
  const { review } = await readJson(request, reviewSetting);
  await setWishesNeedReview(review);
  return apiJson({ review });
}

/** POST /api/gallery/wishes/{id}/approve (admin): a pending wish published. */
export async function approve({ request, params }: ApiArgs) {
  await requireApiAdmin(request);
  if (!(await approveWish(await idParam(request, params.id)))) return fail(request, wishNotFound);
  return apiJson({ success: true });
}

/** DELETE /api/gallery/wishes/{id} (admin): a wish rejected or deleted, pending or published. */
export async function remove({ request, params }: ApiArgs) {
  await requireApiAdmin(request);
  if (!(await removeWish(await idParam(request, params.id)))) return fail(request, wishNotFound);
  return apiJson({ success: true });
}
