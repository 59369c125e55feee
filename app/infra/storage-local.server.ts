import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { STORAGE_BUCKET, STORAGE_CACHE_CONTROL_SECONDS } from "~/lib/constants";
import { WORKER_TAG } from "~/infra/worker-tag.server";
import { isValidKey, ORPHANED_PREFIX, StorageKeyTaken, type ByteRange, type Storage, type StoredObject, type SweepResult } from "~/infra/storage.server";

/** The embedded default: files under UPLOADS_DIR, served by the app at /uploads/{key}. */
export class LocalStorage implements Storage {
  readonly driver = "local";
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
    await this.write(key, (temp) => fs.writeFile(temp, bytes, { flag: "wx" }));
  }

  async putStream(key: string, body: Readable, _contentType: string): Promise<number> {
    let size = 0;
    await this.write(key, async (temp) => {
      const handle = await fs.open(temp, "wx");
      const count = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          size += chunk.length;
          next(null, chunk);
        },
      });
      await pipeline(body, count, handle.createWriteStream());
    });
    return size;
  }

  /** Writes through a temp name beside the key (`fill`), then links it in place: never half a file, never an overwrite. */
  private async write(key: string, fill: (temp: string) => Promise<void>): Promise<void> {
    const full = this.resolve(key);
    if (!full) throw new Error(`Invalid storage key: ${key}`);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // "wx": fail rather than overwrite; write to a temp name first so a crash never leaves half a file.
    // The name carries this worker's tag: if it is killed mid-write, its replacement removes the file.
    const temp = `${full}.${WORKER_TAG}-${crypto.randomBytes(4).toString("hex")}.tmp`;
    try {
      await fill(temp);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    try {
      await fs.link(temp, full); // fails with EEXIST instead of overwriting
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new StorageKeyTaken(key);
      throw error;
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

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const full = this.resolve(key);
    if (!full) return null;
    try {
      // Opened here, so a missing file is known before its stream is handed on.
      const handle = await fs.open(full, "r");
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
        size: stat.size,
        etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      };
    } catch {
      return null;
    }
  }

  async *list(): AsyncIterable<string> {
    const root = path.resolve(this.root);
    const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
    for (const folder of folders) {
      if (!folder.isDirectory() || !/^[0-9]+$/.test(folder.name)) continue;
      for (const file of await fs.readdir(path.join(root, folder.name), { withFileTypes: true })) {
        if (file.isFile() && !file.name.endsWith(".tmp")) yield `${folder.name}/${file.name}`;
      }
    }
  }

  async setAsideOrphans(isNamed: (key: string) => boolean, stamp: string): Promise<SweepResult> {
    const root = path.resolve(this.root);
    const to = path.join(root, ORPHANED_PREFIX, stamp);
    let tempRemoved = 0;
    const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
    for (const folder of folders) {
      if (!folder.isDirectory() || !/^[0-9]+$/.test(folder.name)) continue;
      for (const file of await fs.readdir(path.join(root, folder.name))) {
        // A temp file an upload in flight elsewhere is still writing is left to that upload.
        if (!file.endsWith(".tmp") || isNamed(`${folder.name}/${file}`)) continue;
        await fs.rm(path.join(root, folder.name, file), { force: true });
        tempRemoved++;
      }
    }
    const orphans: string[] = [];
    for await (const key of this.list()) if (!isNamed(key)) orphans.push(key);
    for (const key of orphans) {
      await fs.mkdir(path.dirname(path.join(to, key)), { recursive: true });
      await fs.rename(path.join(root, key), path.join(to, key));
    }
    return { moved: orphans.length, tempRemoved, to };
  }

  async removeTempFiles(tag: string): Promise<number> {
    const root = path.resolve(this.root);
    const mark = `.${tag}-`;
    let removed = 0;
    const folders = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
    for (const folder of folders) {
      if (!folder.isDirectory() || !/^[0-9]+$/.test(folder.name)) continue;
      for (const file of await fs.readdir(path.join(root, folder.name)).catch(() => [])) {
        if (!file.endsWith(".tmp") || !file.includes(mark)) continue;
        await fs.rm(path.join(root, folder.name, file), { force: true });
        removed++;
      }
    }
    return removed;
  }

  async healthy(): Promise<boolean> {
    try {
      const dir = path.resolve(this.root);
      await fs.mkdir(dir, { recursive: true });
      await fs.access(dir, fs.constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }
}
