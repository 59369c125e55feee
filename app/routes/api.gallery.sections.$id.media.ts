import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiJson, apiRoute, fail, isApiAdmin, readJson, requireApiAdmin } from "~/http/api.server";
import { apiAnswers } from "~/http/api-messages.server";
import { answerGuestUpload } from "~/http/guest-upload-answer.server";
import { getSection } from "~/models/gallery.server";
import { parseSectionId } from "~/http/photo-upload.server";
import { recordStoredMedia, type StoredMediaError } from "~/models/photos.server";

// The media record a client posts for a file already in the store. public_url and size are the store's, whatever is sent.
const mediaRecord = z.object({
  file_path: z.string(),
  public_url: z.string().optional(),
  type: z.literal("IMAGE"),
  name: z.string(),
  size: z.number().optional(),
});

const recordAnswers: Record<StoredMediaError, readonly [number, string]> = {
  sectionNotFound: apiAnswers.sectionNotFound,
  fileNotInStore: [400, "common:api.fileNotInStore"],
  tooLarge: apiAnswers.upload.tooLarge,
  notAnImage: apiAnswers.upload.notAnImage,
  alreadyRecorded: [409, "common:api.mediaAlreadyRecorded"],
  fileInUse: [409, "common:api.mediaFileInUse"],
};

const route = apiRoute({
  /** GET /api/gallery/sections/{id}/media → its photos (an inactive section only for the admin). */
  GET: async ({ request, params }) => {
    const id = parseSectionId(params.id);
    if (id === null) return fail(request, apiAnswers.upload.sectionRequired);
    const section = await getSection(id, { includeInactive: await isApiAdmin(request) });
    if (!section) return fail(request, apiAnswers.sectionNotFound);
    return apiJson(section.media);
  },
  /**
   * POST /api/gallery/sections/{id}/media: a multipart upload (field `file`) through the gallery's
   * own flow (receivePhoto: a photo of 5 MB, decoded and re-encoded, metadata dropped; or a video,
   * MP4, MOV or WebM by its first bytes, up to GALLERY_VIDEO_MAX_MB and 60 s, stored as sent, with an
   * optional `poster` picture sent before it; the
   * section must be active and allow uploads; field `uploaderName` optional, 'Tu nombre'). A photo
   * sent to a section under review answers `{ id, name, status: "pending", message }`: no address,
   * it is not public until the couple approves it. Or, from the admin only, the JSON media
   * record for a file already in the store. With an `Idempotency-Key` header (32–64 letters, digits,
   * hyphens) a file sent again with its key is stored once: the repeat gets the first answer.
   */
  POST: async ({ request, params, context }) => {
    const id = parseSectionId(params.id);
    if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json")) {
      await requireApiAdmin(request);
      if (id === null) return fail(request, apiAnswers.upload.sectionRequired);
      const record = await readJson(request, mediaRecord);
      const saved = await recordStoredMedia(id, record);
      if (!saved.ok) return fail(request, recordAnswers[saved.error]);
      return apiJson(saved.media, 201);
    }
    return answerGuestUpload(request, context, params.id ?? "");
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
