import { parseWithZod } from "@conform-to/zod";
import { data, replace, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { readBoundedBody, readForm } from "~/http/form.server";
import { pageTexts } from "~/infra/i18n.server";
import { flashToastHeader } from "~/infra/session.server";
import { contentSchemas, PICTURE_DESCRIPTION_MAX, textPair, type ContentSection, type SiteContent } from "~/lib/content-schemas";
import {
  DESCRIBE_PICTURE,
  isPictureSection,
  isUploadedPicture,
  keepPictures,
  parsePictureTarget,
  pictureName,
  pictureOf,
  withDescription,
  type PictureSection,
} from "~/lib/content-pictures";
import { z } from "zod";
import { checkDates, datesOf } from "~/models/content-dates.server";
import { contentChanges, importContent, MAX_CONTENT_IMPORT_BYTES, readContentExport } from "~/models/content-transfer.server";
import { contentHistory, restoreContentVersion, saveContentSection } from "~/models/content-store.server";
import { currentContent } from "~/models/content-live.server";
import { timeZones, toVenueLocal } from "~/lib/venue-time";
import { failed, refuseAdminPost } from "./access.server";
import { contentPictureAction } from "./content-media.server";
import { respond } from "./respond.server";
import { screenLoader } from "./tab-action.server";

/** What a refused content form answers (conform's reply: errors by field, and what was typed). */
export interface ContentFormReply {
  ok: false;
  error: Record<string, string[] | null>;
  /** What was typed, shown again. */
  initialValue: Record<string, unknown> | null;
  toast: "content:toasts.saveError";
  /** A list's row added or removed without JavaScript (content-extras.server.ts): what was typed, nothing saved, no toast. */
  draft?: true;
}

export const SAVE_CONTENT = "saveContent";

const refusal = (error: Record<string, string[] | null>, initialValue: Record<string, unknown> | null, status: number) =>
  data<ContentFormReply>({ ok: false, error, initialValue, toast: "content:toasts.saveError" }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * A sub-section's screen data: its live value (the form's initial values); for 'Pareja y fechas'
 * also the dates the environment sets (shown read-only, naming the variable).
 */
export function contentSectionLoader<S extends ContentSection>(section: S) {
  return screenLoader(async (request: Request) => {
    const content = await currentContent();
    const value: SiteContent[S] = content[section];
    const dates = datesOf(content.couple);
    return {
      section,
      value,
      setBy: dates.setBy,
      /** The dates the site follows, as the venue's wall clock (a field set by the environment shows these). */
      effectiveDates: { weddingDate: toVenueLocal(dates.weddingDate, dates.timeZone), rsvpDeadline: toVenueLocal(dates.rsvpDeadline, dates.timeZone) },
      /** 'Zona horaria del lugar': the zones to choose from (only 'Pareja y fechas' has the field). */
      timeZones: section === "couple" ? timeZones() : [],
      /** The pictures' texts (their upload forms: app/components/admin/ContentPictures.tsx). */
      ...(isPictureSection(section) ? { i18n: await pageTexts(request, "contentMedia") } : {}),
    };
  });
}

/**
 * A sub-section's action: the session and origin first (401/403), the form (bounded) parsed with the
 * sub-section's schema, its own rules (the dates), then one new version. A refusal answers the
 * errors with what was typed and changes nothing; a success is POST/redirect/GET with the toast
 * 'Contenido guardado' in the flash cookie, the same with and without JavaScript.
 */
export function contentSectionAction<S extends ContentSection>(section: S) {
  return async ({ request, context }: ActionFunctionArgs) => {
    // 'Subir foto' under a picture: a multipart form of its own (app/http/admin/content-media.server.ts).
    if (isPictureSection(section) && (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data"))
      return contentPictureAction(request, context, section);
    const formData = await readForm(request);
    if (isPictureSection(section) && formData.get("intent") === DESCRIBE_PICTURE) return describePicture(request, context, section, formData);
    const refused = await refuseAdminPost(request, context, SAVE_CONTENT);
    if (refused) return respond(request, refused);
    const submission = parseWithZod(formData, { schema: contentSchemas[section] });
    if (formData.get("intent") !== SAVE_CONTENT) return refusal({ "": ["common:badRequest.description"] }, null, 400);
    if (submission.status !== "success") {
      const reply = submission.reply();
      return refusal(reply.error ?? {}, (reply.initialValue as Record<string, unknown> | undefined) ?? null, 400);
    }
    let value = submission.value as SiteContent[S];
    try {
      value = keepPictures(section, value, (await currentContent())[section]);
      if (section === "couple") {
        const previous = (await currentContent()).couple;
        const checked = checkDates(value as SiteContent["couple"], previous);
        if (!checked.ok) return refusal(checked.errors, (submission.reply().initialValue as Record<string, unknown> | undefined) ?? null, 400);
        value = checked.value as SiteContent[S];
      }
      await saveContentSection(section, value);
    } catch (error) {
      console.error(`content: saving ${section} failed`, error);
      return refusal({ "": ["content:toasts.saveError"] }, null, 500);
    }
    return savedAnswer(request, "content:toasts.saved");
  };
}

const describeSchema = z.object({ picture: z.string(), description: textPair(PICTURE_DESCRIPTION_MAX, { optional: true }) });

/**
 * 'Guardar descripción' under a photo the couple uploaded: its description in es and en (both may
 * be empty), saved as a new version of the sub-section (in 'Historial' like any save). Refused
 * (nothing saved) when it names no picture of this sub-section, or a default one (the site's own
 * description stays), or a description is too long; the refusal names the picture, so its own
 * form shows the message.
 */
async function describePicture(request: Request, context: AppLoadContext, section: PictureSection, formData: FormData) {
  const refused = await refuseAdminPost(request, context, DESCRIBE_PICTURE);
  if (refused) return respond(request, refused);
  const submission = parseWithZod(formData, { schema: describeSchema });
  const target = parsePictureTarget(String(formData.get("picture") ?? ""));
  const named = target && target.section === section ? pictureName(target) : undefined;
  const refuse = (key: string) =>
    respond(request, { result: { ...failed(DESCRIBE_PICTURE, key, 400), ...(named ? { initialValue: { picture: named } } : {}) } });
  if (!target || !named) return refuse("common:badRequest.description");
  if (submission.status !== "success") return refuse("content:errors.tooLong");
  try {
    const content = await currentContent();
    if (!isUploadedPicture(pictureOf(content, target))) return refuse("contentMedia:errors.defaultPicture");
    const { es, en } = submission.value.description;
    await saveContentSection(section, withDescription(content, target, { es, en }) as SiteContent[typeof section]);
  } catch (error) {
    console.error(`content: describing a picture of ${section} failed`, error);
    return respond(request, { result: failed(DESCRIBE_PICTURE, "content:toasts.saveError", 500) });
  }
  return savedAnswer(request, "content:toasts.saved");
}

/** 'Historial': the last saves. */
export async function loadContentHistory() {
  return { history: await contentHistory() };
}

const restoreSchema = z.object({ intent: z.literal("restoreContent"), id: z.coerce.number().int().positive() });

/** What the import answers: the preview (and the file's text, to post again with 'Aplicar todo'), or why not. */
export interface ContentImportReply {
  ok: false;
  intent: "importContent";
  error?: Record<string, string[] | null>;
  changes?: { section: string; fields: string[] }[];
  file?: string;
}

const importReply = (reply: Omit<ContentImportReply, "ok" | "intent">, status: number) =>
  data<ContentImportReply>({ ok: false, intent: "importContent", ...reply }, { status, headers: { "Cache-Control": "no-store" } });

/** The posted file's text (`file`, or `text` sent back by the preview), read whole up to MAX_CONTENT_IMPORT_BYTES. */
async function importedText(form: FormData): Promise<string | "tooLarge"> {
  const file = form.get("file");
  const text = file instanceof File && file.size > 0 ? await file.text() : String(form.get("text") ?? "");
  return Buffer.byteLength(text, "utf8") > MAX_CONTENT_IMPORT_BYTES ? "tooLarge" : text;
}

/**
 * 'Importar contenido': `previewImport` (a file) lists what would change; `applyImport` (the same
 * text back) applies it all or nothing, then 'Contenido importado'. A multipart form, with and
 * without JavaScript.
 */
async function importAction(request: Request, context: AppLoadContext) {
  // The session first: a stranger's body is never read.
  const refused = await refuseAdminPost(request, context, "importContent");
  if (refused) return respond(request, refused);
  const body = await readBoundedBody(request, MAX_CONTENT_IMPORT_BYTES + 16 * 1024);
  if (body === null) return importReply({ error: { "": ["content:errors.importTooLarge"] } }, 413);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    return importReply({ error: { "": ["content:errors.importFile"] } }, 400);
  }
  const text = await importedText(form);
  if (text === "tooLarge") return importReply({ error: { "": ["content:errors.importTooLarge"] } }, 413);
  const read = readContentExport(text);
  if (!read.ok) return importReply({ error: { "": [`content:errors.${read.error}`] } }, 400);
  if (form.get("intent") !== "applyImport") return importReply({ changes: await contentChanges(read.content), file: text }, 200);
  try {
    const applied = await importContent(read.content);
    if (!applied.ok) return importReply({ error: { "": Object.values(applied.errors).flat() } }, 400);
  } catch (error) {
    console.error("content: importing failed", error);
    return importReply({ error: { "": ["content:toasts.saveError"] } }, 500);
  }
  return savedAnswer(request, "content:toasts.imported");
}

/** A success: back to the screen with its toast (POST/redirect/GET). */
async function savedAnswer(request: Request, key: string) {
  const headers = new Headers({ "Set-Cookie": await flashToastHeader(request, { kind: "success", key }) });
  return replace(new URL(request.url).pathname, { headers });
}

/** 'Historial': 'Restaurar' (an old save saved again, 'Versión restaurada'), and the import. */
export async function contentHistoryAction({ request, context }: ActionFunctionArgs) {
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return importAction(request, context);
  const formData = await readForm(request, ["intent", "id"]);
  const refused = await refuseAdminPost(request, context, "restoreContent");
  if (refused) return respond(request, refused);
  const submission = parseWithZod(formData, { schema: restoreSchema });
  if (submission.status !== "success") return respond(request, { result: failed("restoreContent", "common:badRequest.description", 400) });
  try {
    const restored = await restoreContentVersion(submission.value.id);
    if (!restored.ok) return respond(request, { result: failed("restoreContent", "content:errors.notFound", 404) });
  } catch (error) {
    console.error("content: restoring a version failed", error);
    return respond(request, { result: failed("restoreContent", "content:toasts.saveError", 500) });
  }
  return savedAnswer(request, "content:toasts.restored");
}
