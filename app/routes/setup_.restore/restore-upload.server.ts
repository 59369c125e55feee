import crypto from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { readStreamedFile, type ReadUploadError } from "~/http/multipart.server";
import { WORKER_TAG } from "~/infra/worker-tag.server";

/**
 * The largest backup the setup page takes (8 GiB): a wedding's photos at the upload limits with room
 * to spare. A larger archive is restored on the server with `npm run restore -- <file>`, which
 * reads it where it lies.
 */
export const MAX_RESTORE_UPLOAD_BYTES = 8 * 1024 * 1024 * 1024;

/** The small fields the restore form sends before its file. */
const FIELDS = new Set(["token", "intent"]);

export type ReceivedBackup = { ok: true; file: string; remove: () => Promise<void> } | { ok: false; error: ReadUploadError | "noFile" };

/**
 * The uploaded archive (the form's `file` part) streamed to a temporary file, never held in memory:
 * the body is read further only once the file took the last chunk (a write that returns false waits
 * for 'drain'). Past MAX_RESTORE_UPLOAD_BYTES the upload is refused and the file removed. The
 * folder's name carries this worker's tag, so a replacement removes it if the worker dies mid-upload.
 */
export async function receiveBackupUpload(request: Request): Promise<ReceivedBackup> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `wedding-upload-${WORKER_TAG}-`));
  const remove = () => fs.rm(dir, { recursive: true, force: true });
  const file = path.join(dir, `${crypto.randomBytes(6).toString("hex")}.zip`);
  let out: WriteStream | null = null;
  try {
    const read = await readStreamedFile(request, MAX_RESTORE_UPLOAD_BYTES, FIELDS, () => {
      if (out) return { write() {}, end() {} };
      const stream = (out = createWriteStream(file, { flags: "wx" }));
      return {
        write: (bytes) => (stream.write(bytes) ? undefined : once(stream, "drain").then(() => undefined)),
        end: () => async () => {
          stream.end();
          await once(stream, "finish");
        },
      };
    });
    if (!read.ok) {
      await remove();
      return { ok: false, error: read.error };
    }
    if (!out) {
      await remove();
      return { ok: false, error: "noFile" };
    }
    return { ok: true, file, remove };
  } catch (error) {
    (out as WriteStream | null)?.destroy();
    await remove();
    throw error;
  }
}
