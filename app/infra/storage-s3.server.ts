import crypto from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import { STORAGE_CACHE_CONTROL_SECONDS } from "~/lib/constants";
import type { Config } from "~/infra/config.server";
import { WORKER_TAG } from "~/infra/worker-tag.server";
import {
  isValidKey,
  ORPHANED_PREFIX,
  SECTION_KEY,
  StorageKeyTaken,
  type ByteRange,
  type Storage,
  type StoredObject,
  type SweepResult,
} from "~/infra/storage.server";

type S3Settings = Pick<
  Config,
  "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE" | "S3_PUBLIC_URL"
>;

/** The HTTP status of an SDK error (S3ServiceException and its subclasses carry it in $metadata). */
/** The temporary folders streamed uploads are spooled to: {tmpdir}/wedding-upload-{worker tag}-{random}. */
const SPOOL_PREFIX = "wedding-upload-";

const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

let sdkModule: Promise<typeof S3Sdk> | undefined;
/** Loaded on first use: a site on the local folder never pays for the SDK (about 20 MB, 90 ms at start). */
const loadSdk = () => (sdkModule ??= import("@aws-sdk/client-s3"));

/** CopySource is "bucket/key", URL-encoded (keys swept at boot may hold any character). */
const copySource = (bucket: string, key: string) => `${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;

/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2...), through the
 * AWS SDK v3. Objects are written once (If-None-Match: *), read as streams, and served either by
 * the app at /uploads/{key} or from S3_PUBLIC_URL when one is set (docs/decisions/0017-*).
 */
export class S3Storage implements Storage {
  readonly driver = "s3";
  readonly cacheControlSeconds = STORAGE_CACHE_CONTROL_SECONDS;

  readonly bucket: string;
  private readonly publicUrl?: string;
  /** Keys per ListObjectsV2 page: S3's maximum, smaller only in tests of the paging. */
  private readonly listPageSize: number;
  /** How long a request may wait for the bucket's answer (its headers; a body then streams at the reader's pace). */
  private readonly answerTimeoutMs: number;
  private client?: S3Client;

  /** options.client: an SDK client made elsewhere (tests); otherwise one is made from the settings on first use. */
  constructor(
    private readonly settings: S3Settings,
    options: { client?: S3Client; listPageSize?: number; answerTimeoutMs?: number } = {},
  ) {
    this.bucket = settings.S3_BUCKET;
    this.publicUrl = settings.S3_PUBLIC_URL;
    this.listPageSize = options.listPageSize ?? 1000;
    this.answerTimeoutMs = options.answerTimeoutMs ?? 30_000;
    this.client = options.client;
  }

  /** The SDK and this store's client, made on first use. */
  private async s3() {
    const module = await loadSdk();
    this.client ??= new module.S3Client({
      region: this.settings.S3_REGION,
      endpoint: this.settings.S3_ENDPOINT,
      forcePathStyle: this.settings.S3_FORCE_PATH_STYLE ?? Boolean(this.settings.S3_ENDPOINT),
      // Neither set: the SDK's default chain (environment, ~/.aws, an instance or task role).
      credentials:
        this.settings.S3_ACCESS_KEY_ID && this.settings.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: this.settings.S3_ACCESS_KEY_ID, secretAccessKey: this.settings.S3_SECRET_ACCESS_KEY }
          : undefined,
      // Only the connection is timed here; each answer is timed by answered(), which leaves a
      // photo's stream alone once it has come (a slow phone may hold back its ZIP for long).
      requestHandler: { connectionTimeout: 5_000 },
      // Only the checksums S3 requires: some S3-compatible stores refuse the SDK's newer default ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    return { sdk: module, client: this.client };
  }

  /**
   * Runs a request that must be answered within answerTimeoutMs: a hung bucket fails an upload,
   * a photo or /healthz instead of holding it. Only the wait for the answer is timed; once it has
   * come, a body is read at the reader's pace (the timer is gone, so nothing aborts it later).
   */
  private async answered<T>(request: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`the bucket did not answer within ${this.answerTimeoutMs} ms`)), this.answerTimeoutMs);
    try {
      return await request(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.putBody(key, bytes, bytes.length, contentType);
  }

  /**
   * A PutObject needs the length first, which an upload's stream does not give: the stream is
   * spooled to a temporary file (disk, not memory), then sent from it with its length, in one
   * PutObject (written whole or not at all). The temporary file is removed whatever happens.
   */
  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    // The folder's name carries this worker's tag: if it is killed mid-upload, its replacement removes it.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `${SPOOL_PREFIX}${WORKER_TAG}-`));
    const spool = path.join(dir, crypto.randomBytes(6).toString("hex"));
    try {
      await pipeline(body, createWriteStream(spool, { flags: "wx" }));
      const { size } = await fs.stat(spool);
      await this.putBody(key, createReadStream(spool), size, contentType);
      return size;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private async putBody(key: string, bytes: Buffer | Readable, length: number, contentType: string): Promise<void> {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    const { sdk, client } = await this.s3();
    try {
      await this.answered((abortSignal) =>
        client.send(
          new sdk.PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: length,
            CacheControl: `public, max-age=${this.cacheControlSeconds}`,
            // No overwrite: the store refuses the write when the key exists.
            IfNoneMatch: "*",
          }),
          { abortSignal },
        ),
      );
    } catch (error) {
      if (status(error) === 412) throw new StorageKeyTaken(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    const { sdk, client } = await this.s3();
    // S3 answers 204 for a missing key too.
    await this.answered((abortSignal) => client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }));
  }

  url(key: string): string {
    return this.publicUrl ? `${this.publicUrl}${key}` : `/uploads/${key}`;
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    const { sdk, client } = await this.s3();
    try {
      const object = await this.answered((abortSignal) =>
        client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }), {
          abortSignal,
        }),
      );
      if (!(object.Body instanceof Readable)) throw new Error("S3 GetObject: the body is not a Node stream");
      // A range's answer says the whole object's size after the slash of Content-Range.
      const total = object.ContentRange ? Number(object.ContentRange.split("/")[1]) : NaN;
      return { body: object.Body, size: Number.isFinite(total) ? total : (object.ContentLength ?? 0), etag: object.ETag ?? `"${key}"` };
    } catch (error) {
      if (status(error) === 404) return null;
      throw error;
    }
  }

  /** Every section key, page by page (ListObjectsV2 returns at most 1000 at a time). */
  async *list(): AsyncIterable<string> {
    const { sdk, client } = await this.s3();
    let token: string | undefined;
    do {
      const page = await this.answered((abortSignal) =>
        client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: this.listPageSize }), { abortSignal }),
      );
      for (const object of page.Contents ?? []) if (object.Key && SECTION_KEY.test(object.Key)) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A bucket has no half-written objects (a PutObject lands whole or not at all); only orphans move. */
  async setAsideOrphans(isNamed: (key: string) => boolean, stamp: string): Promise<SweepResult> {
    const prefix = `${ORPHANED_PREFIX}/${stamp}/`;
    // Listed first, moved after: the moved copies must not show up in later pages of the listing.
    const orphans: string[] = [];
    for await (const key of this.list()) if (!isNamed(key)) orphans.push(key);
    const { sdk, client } = await this.s3();
    for (const key of orphans) {
      await this.answered((abortSignal) =>
        client.send(new sdk.CopyObjectCommand({ Bucket: this.bucket, Key: `${prefix}${key}`, CopySource: copySource(this.bucket, key) }), { abortSignal }),
      );
      await this.answered((abortSignal) => client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }));
    }
    return { moved: orphans.length, tempRemoved: 0, to: `s3://${this.bucket}/${prefix}` };
  }

  async removeTempFiles(tag: string): Promise<number> {
    const mark = `${SPOOL_PREFIX}${tag}-`;
    let removed = 0;
    for (const entry of await fs.readdir(os.tmpdir()).catch(() => [])) {
      if (!entry.startsWith(mark)) continue;
      await fs.rm(path.join(os.tmpdir(), entry), { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  async healthy(): Promise<boolean> {
    try {
      const { sdk, client } = await this.s3();
      await this.answered((abortSignal) => client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }), { abortSignal }));
      return true;
    } catch (error) {
      console.error("storage: the bucket does not answer", error instanceof Error ? error.message : error);
      return false;
    }
  }
}
