import type { AppLoadContext } from "@remix-run/node";
import { ApiError, apiJson, fail, FORBIDDEN_MESSAGE } from "~/http/api.server";
import { apiAnswers, apiT } from "~/http/api-messages.server";
import { receivePhoto } from "~/http/photo-upload.server";
import { config } from "~/infra/config.server";
import { MAX_GUEST_VIDEO_SECONDS } from "~/lib/content-media";

/**
 * One guest's file through receivePhoto, answered as JSON for a phone's upload queue (decision
 * 0065): 201 with the media (or `{ id, name, status: "pending", message }` for a photo waiting
 * for review: no address until the couple approves it), else the refusal with its message in the
 * caller's language. The gallery's address passes its section id; a table's page passes `table`.
 */
export async function answerGuestUpload(
  request: Request,
  context: AppLoadContext,
  sectionIdRaw: string,
  table?: { sectionId: number; tableId: number },
): Promise<Response> {
  const pendingMessage = (await apiT(request))("review:pendingNotice");
  const received = await receivePhoto(request, context, sectionIdRaw, {
    answer: ({ media, pending }) => (pending ? { id: media.id, name: media.name, status: "pending", message: pendingMessage } : media),
    table,
  });
  if (received.ok) return apiJson(received.answer, 201, received.headers);
  if (received.refusal === "forbidden") throw new ApiError(403, FORBIDDEN_MESSAGE);
  // The dispatch answers it like every other limit: 429 with Retry-After and the message.
  if (received.refusal === "rateLimited") throw received.limited;
  // The video limits, for the messages that name them.
  return fail(request, apiAnswers.upload[received.error], { mb: config().GALLERY_VIDEO_MAX_MB, seconds: MAX_GUEST_VIDEO_SECONDS });
}
