import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { rateLimitedReply } from "~/http/rate-limited.server";
import { isCrossOrigin } from "~/http/request.server";
import { getFixedT, pageTexts } from "~/infra/i18n.server";
import { setupPending } from "~/infra/secrets.server";
import { restoreBackup, type RestoreError } from "~/models/backup.server";
import { admit, NO_STORE } from "~/routes/setup/setup.server";
import { MAX_RESTORE_UPLOAD_BYTES, receiveBackupUpload } from "./restore-upload.server";

/**
 * GET/POST /setup/restore?token=…: 'Restaurar una copia', the first run's other way. The same
 * token and 404 rules as /setup (admit): anyone without the printed token, or on a site already
 * set up, gets the not-found page and nothing is read. The archive is streamed to a temporary file
 * (at most MAX_RESTORE_UPLOAD_BYTES), checked whole and restored by restoreBackup; a refusal says
 * why in the visitor's language and changes nothing. After it, the couple signs in at /admin with
 * the restored site's password (or, when the backup carried none, chooses one at /setup).
 */

export type RestorePageError = RestoreError | "tooLarge" | "malformedUpload" | "noFile" | "failed";

const STATUS: Record<RestorePageError, number> = {
  unreadable: 400,
  notBackup: 400,
  unknownVersion: 400,
  olderVersion: 400,
  altered: 400,
  badRows: 400,
  siteHasData: 409,
  tooLarge: 413,
  malformedUpload: 400,
  noFile: 400,
  failed: 500,
};

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";
const gigabytes = Math.round(MAX_RESTORE_UPLOAD_BYTES / 1024 ** 3);

export async function loadRestorePage(request: Request, context: AppLoadContext) {
  const token = tokenOf(request);
  const admitted = await admit(context, token);
  const i18n = await pageTexts(request, "backups");
  if (!admitted.ok) {
    const headers = { ...NO_STORE, "Retry-After": String(admitted.limited.retryAfterSeconds) };
    return data({ limitedMinutes: admitted.limited.retryAfterMinutes, token: "", maxGb: gigabytes, i18n }, { status: 429, headers });
  }
  return data({ limitedMinutes: null, token, maxGb: gigabytes, i18n }, { headers: NO_STORE });
}

// One restore at a time in this process (the restore itself refuses a site that got data meanwhile).
let running: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = running.then(task, task);
  running = run.catch(() => undefined);
  return run;
}

const refused = (error: RestorePageError, detail?: string) => data({ error, detail: detail ?? null }, { status: STATUS[error], headers: NO_STORE });

/**
 * 'Restaurar': the token (in the address) and the origin are checked before a byte of the body is
 * read; then the upload to a temporary file, the restore, and the temporary file removed whatever
 * happened.
 */
export async function handleRestore(request: Request, context: AppLoadContext) {
  const token = tokenOf(request);
  const admitted = await admit(context, token);
  if (!admitted.ok) return rateLimitedReply(admitted.limited, { initialValue: {}, fields: [] as string[] });
  if (isCrossOrigin(request, context)) throw new Response((await getFixedT(request))("crossOrigin"), { status: 403, headers: NO_STORE });
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return refused("noFile");
  const received = await receiveBackupUpload(request);
  if (!received.ok) return refused(received.error);
  try {
    return await oneAtATime(async () => {
      const result = await restoreBackup(received.file);
      if (!result.ok) return refused(result.error, result.detail);
      // The backup carried no password (its site used ADMIN_PASSWORD): the couple chooses one at /setup.
      const next = setupPending() ? `/setup?token=${encodeURIComponent(token)}` : "/admin";
      return redirect(next, { status: 303, headers: NO_STORE });
    });
  } catch (error) {
    console.error("setup: the restore failed", error);
    return refused("failed");
  } finally {
    await received.remove();
  }
}
