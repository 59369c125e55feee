import type { AppLoadContext } from "@remix-run/node";
import { readStreamedFile, type FileSink } from "~/http/multipart.server";
import { pageTexts } from "~/infra/i18n.server";
import { contentMediaSchema, type AdminResult } from "~/lib/admin-schemas";
import { MAX_PORTRAIT_BYTES, MAX_VIDEO_BYTES, MEDIA_SLOTS, type MediaSlot } from "~/lib/content-media";
import { parsePictureTarget, pictureName, type PictureSection } from "~/lib/content-pictures";
import {
  MediaRefused,
  receiveContentPicture,
  receiveSiteMedia,
  removeSiteMedia,
  siteMedia,
  siteMediaStates,
  type MediaReceiver,
  type SiteMediaError,
} from "~/models/content-media.server";
import { failed, refuseAdminPost } from "./access.server";
import { respond } from "./respond.server";
import { attempt, done, screenAction, type AdminScreenActions } from "./tab-action.server";

/** Multimedia: each slot's state (default, removed, the uploaded file) and the addresses the pages use. */
export async function loadContentMedia(request: Request) {
  return {
    states: await attempt("media", siteMediaStates),
    media: await attempt("media", siteMedia),
    i18n: await pageTexts(request, "contentMedia"),
  };
}

/** Each refusal's answer. */
const errorStatus: Record<SiteMediaError | "malformedUpload", number> = {
  noFile: 400,
  malformedUpload: 400,
  tooLarge: 413,
  notVideo: 415,
  notAudio: 415,
  notAnImage: 415,
  heicUnsupported: 415,
  storageFailed: 500,
};
/** A refusal; a picture's names the picture (`initialValue.picture`), so its own form shows the message. */
const refusal = (error: SiteMediaError | "malformedUpload", picture?: string): AdminResult => ({
  ...failed("uploadMedia", `contentMedia:errors.${error}`, errorStatus[error]),
  ...(picture ? { initialValue: { picture } } : {}),
});

/** The small fields an upload form sends before its file. */
const UPLOAD_FIELDS = new Set(["intent", "slot", "picture"]);
const ignored: FileSink = { write() {}, end() {} };

/**
 * A file posted for a slot or a picture (`intent=uploadMedia`, `slot` or `picture`, then `file`:
 * the form puts its fields first): read as a stream into the receiver `pick` chooses from those
 * fields (null: refused), which checks it by its content and stores it. Whatever fails, nothing
 * is recorded and what was written is removed.
 */
async function upload(
  request: Request,
  limit: number,
  pick: (fields: ReadonlyMap<string, string>) => MediaReceiver | null,
  picked: () => string | undefined = () => undefined,
  /** The toast of a stored file: a picture is a new version of its sub-section; a Multimedia file replaces the previous one. */
  savedKey = "contentMedia:saved",
): Promise<AdminResult> {
  const refused = (error: SiteMediaError | "malformedUpload") => refusal(error, picked());
  let receiver: MediaReceiver | null = null;
  let fileName = "";
  let read: Awaited<ReturnType<typeof readStreamedFile>>;
  try {
    read = await readStreamedFile(request, limit, UPLOAD_FIELDS, (part, fields) => {
      if (receiver) return ignored;
      const chosen = fields.get("intent") === "uploadMedia" ? pick(fields) : null;
      if (!chosen) throw new MediaRefused("noFile");
      const current = (receiver = chosen);
      fileName = part.filename;
      return { write: (bytes) => current.write(bytes), end() {} };
    });
  } catch (error) {
    await (receiver as MediaReceiver | null)?.abort();
    if (error instanceof MediaRefused) return refused(error.error);
    // The receivers turn the store's failures into MediaRefused: anything else is the body's (a client gone mid-file).
    return refused("malformedUpload");
  }
  if (!read.ok) {
    await (receiver as MediaReceiver | null)?.abort();
    return refused(read.error);
  }
  if (!receiver) return refused("noFile");
  const saved = await (receiver as MediaReceiver).finish(fileName);
  return saved.ok ? done("uploadMedia", savedKey) : refused(saved.error);
}

const slotReceiver = (fields: ReadonlyMap<string, string>) => {
  const slot = MEDIA_SLOTS.find((s) => s === fields.get("slot"));
  return slot ? receiveSiteMedia(slot as MediaSlot) : null;
};

export const contentMediaScreen: AdminScreenActions<"removeMedia" | "uploadMedia"> = {
  schema: contentMediaSchema,
  failures: { removeMedia: "contentMedia:errors.removeFailed", uploadMedia: "contentMedia:errors.storageFailed" },
  handlers: {
    async removeMedia(input) {
      await removeSiteMedia(input.slot);
      return done(input.intent, "contentMedia:removed");
    },
    // A plain (not multipart) form carries no file.
    uploadMedia: async () => refusal("noFile"),
  },
};

/**
 * Multimedia's action: an upload (multipart) after the admin's session and origin are checked,
 * before any byte of the body is read; everything else (remove) through the screens' one flow.
 */
export async function contentMediaAction(request: Request, context: AppLoadContext) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return screenAction(request, context, contentMediaScreen);
  const refused = await refuseAdminPost(request, context, "uploadMedia");
  if (refused) return respond(request, refused);
  try {
    return respond(request, { result: await upload(request, MAX_VIDEO_BYTES, slotReceiver, undefined, "contentMedia:replaced") });
  } catch (error) {
    console.error("admin: uploadMedia failed", error);
    return respond(request, { result: refusal("storageFailed") });
  }
}

/**
 * A picture of a content sub-section ('Cambiar foto' under it: `intent=uploadMedia`, `picture`,
 * then `file`), posted to that sub-section's screen: the session and origin first, then the
 * portrait's path (image pipeline, 10 MB, stored under `0/`), saved as a new version of the
 * sub-section. Its refusals name the picture (its form shows the message).
 */
export async function contentPictureAction(request: Request, context: AppLoadContext, section: PictureSection) {
  const refused = await refuseAdminPost(request, context, "uploadMedia");
  if (refused) return respond(request, refused);
  let picture: string | undefined;
  const receiver = (fields: ReadonlyMap<string, string>) => {
    const target = parsePictureTarget(fields.get("picture"));
    if (!target || target.section !== section) return null;
    picture = pictureName(target);
    return receiveContentPicture(target);
  };
  try {
    return respond(request, { result: await upload(request, MAX_PORTRAIT_BYTES, receiver, () => picture) });
  } catch (error) {
    console.error("admin: uploading a picture failed", error);
    return respond(request, { result: refusal("storageFailed", picture) });
  }
}
