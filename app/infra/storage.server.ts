import type { Readable } from "node:stream";
import { config } from "~/infra/config.server";
import { LocalStorage } from "~/infra/storage-local.server";
import { S3Storage } from "~/infra/storage-s3.server";

/** A stored file opened for reading: its bytes as a stream (never the whole file in memory). */
export interface StoredObject {
  body: Readable;
  /** The whole file's size (also when only a range of it is read). */
  size: number;
  /** A validator for conditional requests (quoted, as in an ETag header). */
  etag: string;
}

/** Bytes `start` to `end`, both included (an HTTP Range's numbers). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What the crash-recovery sweep did at boot. */
export interface SweepResult {
  moved: number;
  tempRemoved: number;
  /** Where the moved files went (a folder, or s3://bucket/prefix/). */
  to: string;
}

/**
 * Where uploaded files live: the UPLOADS_DIR folder (storage-local) or an S3-compatible bucket
 * (storage-s3), chosen by STORAGE. Callers see only this interface (docs/decisions/0017-*).
 */
export interface Storage {
  readonly driver: "local" | "s3";
  readonly bucket: string;
  readonly cacheControlSeconds: number;
  /** Writes bytes at a key ("{sectionId}/{name}"); never overwrites: an existing key throws StorageKeyTaken. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Writes a stream at a key, never holding it whole in memory, and returns the bytes written;
   * never overwrites (StorageKeyTaken). When `body` fails (an upload cut off) nothing is left at the key.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** Removes a key; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** The public URL photos at this key are shown at. */
  url(key: string): string;
  /**
   * Opens a key for streaming, or only the bytes `range` names (inclusive; a video's Range
   * request). Null when missing or not a key the server makes.
   */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Every key under a section folder ("{digits}/…"), for the boot sweep and backups. */
  list(): AsyncIterable<string>;
  /** Moves keys no row names to `_orphaned/{stamp}/`, never deleting them (see setAsideOrphanFiles). */
  setAsideOrphans(isNamed: (key: string) => boolean, stamp: string): Promise<SweepResult>;
  /**
   * Removes the temporary files (a write on its way to the store) whose names carry a dead
   * worker's tag (app/infra/worker-tag.server.ts); returns how many went.
   */
  removeTempFiles(tag: string): Promise<number>;
  /** True when the store answers and can be written to. */
  healthy(): Promise<boolean>;
}

/** Thrown by put() on a key that already holds a file, whichever driver. */
export class StorageKeyTaken extends Error {
  constructor(key: string) {
    super(`Storage key already in use: ${key}`);
    this.name = "StorageKeyTaken";
  }
}

/** Keys are "{sectionId}/{file}" made by the server; anything else is refused. */
const KEY_PATTERN = /^[0-9]+\/[A-Za-z0-9._-]+$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split("/").some((part) => part === "." || part === "..");
}

/** Where files that no media row names are moved at boot (never served: not a valid key). */
export const ORPHANED_PREFIX = "_orphaned";

/** A section folder's key, as the sweep considers it: anything else in the store is left alone. */
export const SECTION_KEY = /^[0-9]+\/[^/]+$/;

let instance: Storage | undefined;

export function storage(): Storage {
  if (!instance) {
    const cfg = config();
    instance = cfg.STORAGE === "s3" ? new S3Storage(cfg) : new LocalStorage(cfg.UPLOADS_DIR);
  }
  return instance;
}

export function setStorageForTests(s: Storage | undefined) {
  instance = s;
}

/**
 * How long after its key was made a file may still be waiting for its row. Several instances on
 * one database and store (a rolling deploy) mean another instance may be between writing a photo
 * and inserting its row while this one boots: such a file must not be taken for an orphan.
 */
export const IN_FLIGHT_GRACE_MS = 10 * 60_000;

/** The time a key was made, from its name ({sectionId}/{timestamp}-…; a temp file starts the same), or null. */
function keyMadeAt(key: string): number | null {
  const match = /^[0-9]+\/([0-9]{13})-/.exec(key);
  return match ? Number(match[1]) : null;
}

/**
 * A crash between writing a photo and inserting its row leaves files that no media row names,
 * and a crash mid-write (local folder) leaves a temp file. At boot, temp files are removed and
 * unnamed files are moved aside, never deleted: a DATABASE_PATH pointed at the wrong database must
 * not destroy the couple's photos. With PostgreSQL other instances may be serving while this one
 * boots (a rolling deploy), so files made in the last IN_FLIGHT_GRACE_MS are left to the upload
 * that may be about to record them; with SQLite one server (its workers start after the boot) is
 * all there is, so a restart after a crash cleans up at once.
 */
export async function setAsideOrphanFiles(
  isNamed: (key: string) => boolean,
  { now = Date.now(), graceMs = config().DATABASE_URL ? IN_FLIGHT_GRACE_MS : 0 }: { now?: number; graceMs?: number } = {},
): Promise<SweepResult> {
  const inFlight = (key: string) => {
    const madeAt = keyMadeAt(key);
    return madeAt !== null && madeAt > now - graceMs;
  };
  return storage().setAsideOrphans((key) => isNamed(key) || inFlight(key), new Date(now).toISOString().replace(/[:.]/g, "-"));
}

/** For /healthz and the debug endpoint: the store answers and is writable. */
export async function storageHealth(): Promise<boolean> {
  return storage().healthy();
}
