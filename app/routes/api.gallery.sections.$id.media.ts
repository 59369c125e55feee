import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ApiError, apiJson, apiRoute, fail, readJson, requireApiAdmin } from "~/http/api.server";
import { apiAnswers, apiT } from "~/http/api-messages.server";
import { recordStoredMedia, type StoredMediaError } from "~/http/api-gallery.server";
import { isAdminRequest } from "~/infra/auth.server";
import { getSection } from "~/models/gallery.server";
import { hit } from "~/infra/rate-limit.server";
import { clientIp } from "~/http/request.server";
import { readUpload, savePhoto } from "~/models/upload.server";

// The spec's media record (section 3). public_url and size are the store's, whatever is sent.
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
};

const sectionIdOf = (raw: string | undefined) => (raw && /^[0-9]{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

const route = apiRoute({
  /** GET /api/gallery/sections/{id}/media → its photos (an inactive section only for the admin). */
  GET: async ({ request, params }) => {
    const id = sectionIdOf(params.id);
    if (id === null) return fail(request, apiAnswers.upload.sectionRequired);
    const section = await getSection(id, { includeInactive: await isAdminRequest(request) });
    if (!section) return fail(request, apiAnswers.sectionNotFound);
    return apiJson(section.media);
  },
  /**
   * POST /api/gallery/sections/{id}/media: a multipart upload (field `file`) through the gallery's
   * own pipeline (readUpload + savePhoto: 5 MB, decoded and re-encoded, metadata dropped; the
   * section must be active and allow uploads); or, from the admin only, the spec's JSON media
   * record for a file already in the store.
   */
  POST: async ({ request, params, context }) => {
    const id = sectionIdOf(params.id);
    if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json")) {
      await requireApiAdmin(request);
      if (id === null) return fail(request, apiAnswers.upload.sectionRequired);
      const record = await readJson(request, mediaRecord);
      const saved = await recordStoredMedia(id, record);
      if (!saved.ok) return fail(request, recordAnswers[saved.error]);
      return apiJson(saved.media, 201);
    }
    const limit = hit("upload", clientIp(context));
    if (!limit.allowed) {
      const [status, key] = apiAnswers.tooManyRequests;
      throw new ApiError(status, (await apiT(request))(key, { minutes: Math.ceil(limit.retryAfter / 60) }), { "Retry-After": String(limit.retryAfter) });
    }
    const read = await readUpload(request);
    if (!read.ok) return fail(request, apiAnswers.upload[read.error]);
    if (id === null || !read.upload.file) return fail(request, apiAnswers.upload.fileAndSectionRequired);
    const saved = await savePhoto(id, read.upload.file);
    if (!saved.ok) return fail(request, apiAnswers.upload[saved.error]);
    return apiJson(saved.media, 201);
  },
});
export const loader = (args: LoaderFunctionArgs) => route.loader(args);
export const action = (args: ActionFunctionArgs) => route.action(args);
