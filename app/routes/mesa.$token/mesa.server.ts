import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { getLanguage, pageTexts } from "~/infra/i18n.server";
import { flashToastHeader, getUploaderName } from "~/infra/session.server";
import { TOO_MANY_REQUESTS_KEY } from "~/http/rate-limited.server";
import { receivePhotos, uploadErrorKey, uploadErrorStatus } from "~/http/photo-upload.server";
import { dishName } from "~/lib/menu";
import { listDishes } from "~/models/menu.server";
import { programmeLines, seatedFirstNames, tableByToken, tablePhotosTarget, type CardTable } from "~/models/table-cards.server";

/** The table of the address's token; any other token is the site's 404 (nothing tells a guessed token from a removed table). */
async function tableOf(token: string | undefined): Promise<CardTable> {
  const table = await tableByToken(token ?? "");
  if (!table) throw new Response(null, { status: 404 });
  return table;
}

/**
 * /mesa/{token}: the table's name, the first names of the people at it, the day's programme, the
 * menu when the couple has dishes, and where 'Sube tus fotos' sends photos (null: uploads closed).
 */
export async function loadTablePage(request: Request, token: string | undefined) {
  const table = await tableOf(token);
  const lang = await getLanguage(request);
  const [people, programme, dishes, section, uploaderName, i18n] = await Promise.all([
    seatedFirstNames(table.id),
    programmeLines(lang),
    listDishes(),
    tablePhotosTarget(),
    getUploaderName(request),
    pageTexts(request, "tableCards", "contentExtras", "gallery", "review"),
  ]);
  return {
    table: { name: table.name, token: table.token },
    people,
    programme,
    dishes: dishes.map((d) => ({ id: d.id, name: dishName(d, lang), description: d.description })),
    section: section && { id: section.id, name: section.name },
    uploaderName,
    i18n,
  };
}

/** A refused upload's answer: the message (a translation key) on the page, with its status. */
const refusal = (error: string, status: number, retryAfterMinutes = 0, headers?: HeadersInit) =>
  data({ ok: false as const, error, retryAfterMinutes }, { status, headers });

/**
 * 'Sube tus fotos' (multipart: `uploaderName`, then one or more `file`): the gallery's one upload
 * flow (cross-site refusal, the upload limit, the bounded read, the section's review rule, the
 * site's ceilings) into the tables' section, each photo tagged with the table. Any photo stored is
 * POST/redirect/GET back to the page with the result in the flash message; none, the reason here.
 */
export async function handleTableUpload(request: Request, context: AppLoadContext, token: string | undefined) {
  const table = await tableOf(token);
  const section = await tablePhotosTarget();
  if (!section) return refusal("gallery:errors.uploadsClosed", uploadErrorStatus.uploadsClosed);
  const received = await receivePhotos(request, context, { sectionId: section.id, tableId: table.id });
  if (!received.ok) {
    if (received.refusal === "forbidden") return refusal("gallery:errors.forbidden", 403);
    const { limited } = received;
    return refusal(TOO_MANY_REQUESTS_KEY, 429, limited.retryAfterMinutes, { "Retry-After": String(limited.retryAfterSeconds) });
  }
  const { results } = received;
  const stored = results.filter((r) => r.ok);
  if (stored.length === 0) {
    const first = results.find((r) => !r.ok);
    if (first && !first.ok && first.error === "rateLimited")
      return refusal(TOO_MANY_REQUESTS_KEY, 429, first.retryAfterMinutes, { "Retry-After": String(first.retryAfterSeconds) });
    const error = (first && !first.ok ? first.error : received.error) ?? "fileAndSectionRequired";
    if (error === "rateLimited") return refusal(TOO_MANY_REQUESTS_KEY, 429);
    if (error === "fileAndSectionRequired") return refusal("tableCards:upload.noFile", 400);
    return refusal(uploadErrorKey(error), uploadErrorStatus[error]);
  }
  const pending = stored.filter((r) => r.ok && r.pending).length;
  const toast =
    pending > 0
      ? { kind: "info" as const, key: "tableCards:upload.pending", values: { count: stored.length, total: results.length } }
      : { kind: "success" as const, key: "tableCards:upload.stored", values: { count: stored.length, total: results.length } };
  const headers = new Headers({ "Server-Timing": received.timing });
  headers.append("Set-Cookie", await flashToastHeader(request, toast));
  if (received.headers["Set-Cookie"]) headers.append("Set-Cookie", received.headers["Set-Cookie"]);
  return redirect(`/mesa/${table.token}`, { headers });
}
