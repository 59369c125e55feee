import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { STORAGE_BUCKET, STORAGE_CACHE_CONTROL_SECONDS } from "~/lib/constants";
import { config } from "~/infra/config.server";

/**
 * Where uploaded files live. One interface, so a bucket driver (S3-compatible,
 * the spec's hosted store) can be added beside the local one without touching callers.
 */
export interface Storage {
  readonly bucket: string;
  readonly cacheControlSeconds: number;
  /** Writes bytes at a relative key ("{sectionId}/{name}"); never overwrites. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes a key; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** The public URL the site serves the key at. */
  url(key: string): string;
  /** Reads a key (local driver; used by the /uploads route). Null when missing or outside the store. */
  read(key: string): Promise<Buffer | null>;
  /** Opens a key for streaming (the gallery ZIP): never the whole file in memory. Null when missing. */
  readStream(key: string): Promise<Readable | null>;
}

/** Keys are "{sectionId}/{file}" made by the server; anything else is refused. */
const KEY_PATTERN = /^[0-9]+\/[A-Za-z0-9._-]+$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split("/").some((part) => part === "." || part === "..");
}

export class LocalStorage implements Storage {
  readonly bucket = STORAGE_BUCKET;
  readonly cacheControlSeconds = STORAGE_CACHE_CONTROL_SECONDS;
  constructor(private readonly root: string) {}

  /** Resolves a key inside the root, or null when it would escape it. */
  private resolve(key: string): string | null {
    if (!isValidKey(key)) return null;
    const root = path.resolve(this.root);
    const full = path.resolve(root, key);
    return full.startsWith(root + path.sep) ? full : null;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const full = this.resolve(key);
    if (!full) throw new Error(`Invalid storage key: ${key}`);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // "wx": fail rather than overwrite; write to a temp name first so a crash never leaves half a file.
    const temp = `${full}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    await fs.writeFile(temp, bytes, { flag: "wx" });
    try {
      await fs.link(temp, full); // fails with EEXIST instead of overwriting
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    const full = this.resolve(key);
    if (full) await fs.rm(full, { force: true });
  }

  url(key: string): string {
    return `/uploads/${key}`;
  }

  async read(key: string): Promise<Buffer | null> {
    const full = this.resolve(key);
    if (!full) return null;
    try {
      return await fs.readFile(full);
    } catch {
      return null;
    }
  }

  async readStream(key: string): Promise<Readable | null> {
    const full = this.resolve(key);
    if (!full) return null;
    try {
      // Opened here, so a missing file is known before its stream is handed on.
      const handle = await fs.open(full, "r");
      return handle.createReadStream();
    } catch {
      return null;
    }
  }
}

let instance: Storage | undefined;

export function storage(): Storage {
  instance ??= new LocalStorage(config().UPLOADS_DIR);
  return instance;
}

export function setStorageForTests(s: Storage | undefined) {
  instance = s;
}

/** Where files that no media row names are moved at boot (never served: not a valid key). */
const ORPHANED_DIR = "_orphaned";

/**
 * A crash between writing a photo and inserting its row leaves files that no media row names,
 * and a crash mid-write leaves a temp file. At boot, with no upload in flight, temp files are
 * removed and unnamed files are moved aside, never deleted: a DATABASE_PATH pointed at the
 * wrong database must not destroy the couple's photos.
 */
export async function setAsideOrphanFiles(isNamed: (key: string) => boolean): Promise<{ moved: number; tempRemoved: number; to: string }> {
  const root = path.resolve(config().UPLOADS_DIR);
  const to = path.join(root, ORPHANED_DIR, new Date().toISOString().replace(/[:.]/g, "-"));
  let moved = 0;
  let tempRemoved = 0;
  const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory() || !/^[0-9]+$/.test(folder.name)) continue;
    for (const file of await fs.readdir(path.join(root, folder.name))) {
      const key = `${folder.name}/${file}`;
      const full = path.join(root, key);
      if (file.endsWith(".tmp")) {
        await fs.rm(full, { force: true });
        tempRemoved++;
      } else if (!isNamed(key)) {
        await fs.mkdir(path.join(to, folder.name), { recursive: true });
        await fs.rename(full, path.join(to, key));
        moved++;
      }
    }
  }
  return { moved, tempRemoved, to };
}

/** True when the store's folder exists (or can be made) and is writable. */
export async function storageHealth(): Promise<boolean> {
  try {
    const dir = path.resolve(config().UPLOADS_DIR);
    await fs.mkdir(dir, { recursive: true });
    await fs.access(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
