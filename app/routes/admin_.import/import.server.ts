import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { IMPORT_MAX_BYTES } from "~/lib/guest-list-csv";
import { requireAdmin } from "~/infra/auth.server";
import { flashToastHeader } from "~/infra/session.server";
import { readBoundedBody } from "~/http/form.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { importGuestList, type ImportPreview } from "~/models/guest-list.server";

/** What the import page shows after a post: the preview (and the file, to post it again), or why not. */
export interface ImportPageResult {
  /** A translation key (dashboard:import.errors.*). */
  error?: string;
  preview?: ImportPreview;
  /** The file's text, sent back in a hidden field so 'Crear N invitaciones' needs no second upload. */
  csv?: string;
}

// A multipart body carries the file plus a few fields and boundaries.
const BODY_LIMIT = IMPORT_MAX_BYTES + 16 * 1024;

const fail = (error: string, status: number) => data<ImportPageResult>({ error: `dashboard:import.errors.${error}` }, { status });

/** The file's text from a posted form: the uploaded `file`, else the `csv` field of the preview. */
async function readImportForm(request: Request): Promise<{ intent: string; csv: string } | "tooLarge" | "fileRequired"> {
  const body = await readBoundedBody(request, BODY_LIMIT);
  if (body === null) return "tooLarge";
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    return "fileRequired";
  }
  const intent = String(form.get("intent") ?? "preview");
  const file = form.get("file");
  const field = form.get("csv");
  let csv = "";
  if (file instanceof File && file.size > 0) {
    if (file.size > IMPORT_MAX_BYTES) return "tooLarge";
    csv = await file.text();
  } else if (typeof field === "string") {
    csv = field;
  }
  if (Buffer.byteLength(csv, "utf8") > IMPORT_MAX_BYTES) return "tooLarge";
  if (!csv.trim()) return "fileRequired";
  return { intent, csv };
}

/**
 * POST /admin/import: `intent=preview` (a file) lists every row with its problems; `intent=create`
 * (the same text back) creates them all in one transaction, then the invitations tab. Works as a
 * plain form post; with JavaScript Remix sends the same form.
 */
export async function handleImportAction(request: Request, context: AppLoadContext) {
  await requireAdmin(request, clientIp(context));
  if (isCrossOrigin(request, context)) return data<ImportPageResult>({ error: "common:crossOrigin" }, { status: 403 });
  const form = await readImportForm(request);
  if (form === "tooLarge") return fail("tooLarge", 413);
  if (form === "fileRequired") return fail("fileRequired", 400);
  const result = await importGuestList(form.csv, { dryRun: form.intent !== "create" });
  if (!result.ok) {
    if (result.error === "rowProblems")
      return data<ImportPageResult>({ error: "dashboard:import.errors.rowProblems", preview: result.preview }, { status: 400 });
    return fail(result.error, 400);
  }
  if (result.dryRun) return data<ImportPageResult>({ preview: result.preview, csv: result.preview.ok ? form.csv : undefined });
  const toast = await flashToastHeader(request, { kind: "success", key: "dashboard:import.created", values: { count: result.created } });
  return redirect("/admin/invitations", { headers: { "Set-Cookie": toast } });
}
