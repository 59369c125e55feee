import fs from "node:fs/promises";
import os from "node:os";
import { config } from "~/infra/config.server";

/** Reads the free bytes of the disk uploads fill; null when it cannot be read. */
export type FreeSpaceReader = () => Promise<number | null>;

/**
 * The folder on the disk an upload fills first: UPLOADS_DIR with the local store; with a bucket,
 * the temporary folder its streamed uploads are spooled through.
 */
export function uploadsDisk(): string {
  const cfg = config();
  return cfg.STORAGE === "s3" ? os.tmpdir() : cfg.UPLOADS_DIR;
}

const statfsFree: FreeSpaceReader = async () => {
  try {
    const stats = await fs.statfs(uploadsDisk());
    // What an unprivileged process may still write (bavail), not the root-reserved blocks too.
    return stats.bavail * stats.bsize;
  } catch {
    // The folder is not there yet (the first upload makes it) or the disk does not answer:
    // unknown, and the write itself fails if the disk really is gone.
    return null;
  }
};

let reader: FreeSpaceReader = statfsFree;

/** Free bytes on the uploads' disk (fs.statfs, one system call), or null when unknown. */
export const freeDiskBytes = (): Promise<number | null> => reader();

/** Whether `incoming` more bytes would leave the uploads' disk under MIN_FREE_DISK_MB (never when unknown or off). */
export async function diskLow(incoming = 0): Promise<boolean> {
  const min = config().MIN_FREE_DISK_MB;
  if (min === 0) return false;
  const free = await freeDiskBytes();
  return free !== null && free - incoming < min * 1024 * 1024;
}

/** For tests: a disk with as much free space as `read` says (undefined: the real one). */
export function setFreeSpaceReaderForTests(read: FreeSpaceReader | undefined) {
  reader = read ?? statfsFree;
}
