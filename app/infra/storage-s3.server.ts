import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { STORAGE_CACHE_CONTROL_SECONDS } from "~/lib/constants";
import type { Config } from "~/infra/config.server";
import { isValidKey, ORPHANED_PREFIX, SECTION_KEY, StorageKeyTaken, type Storage, type StoredObject, type SweepResult } from "~/infra/storage.server";

type S3Settings = Pick<
  Config,
  "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE" | "S3_PUBLIC_URL"
>;

const status = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

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

  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    private readonly publicUrl?: string,
    /** Keys per ListObjectsV2 page: S3's maximum, smaller only in tests of the paging. */
    private readonly listPageSize = 1000,
  ) {}

  static fromConfig(cfg: S3Settings): S3Storage {
    const client = new S3Client({
      region: cfg.S3_REGION,
      endpoint: cfg.S3_ENDPOINT,
      forcePathStyle: cfg.S3_FORCE_PATH_STYLE ?? Boolean(cfg.S3_ENDPOINT),
      // Neither set: the SDK's default chain (environment, ~/.aws, an instance or task role).
      credentials:
        cfg.S3_ACCESS_KEY_ID && cfg.S3_SECRET_ACCESS_KEY ? { accessKeyId: cfg.S3_ACCESS_KEY_ID, secretAccessKey: cfg.S3_SECRET_ACCESS_KEY } : undefined,
      // A bucket that does not answer must fail an upload or /healthz, not hang it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      // Only the SDK's own checksums: some S3-compatible stores refuse the newer default ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    return new S3Storage(client, cfg.S3_BUCKET, cfg.S3_PUBLIC_URL);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: `public, max-age=${this.cacheControlSeconds}`,
          // The spec's "no overwrite": the store refuses the write when the key exists.
          IfNoneMatch: "*",
        }),
      );
    } catch (error) {
      if (status(error) === 412) throw new StorageKeyTaken(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    // S3 answers 204 for a missing key too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  url(key: string): string {
    return this.publicUrl ? `${this.publicUrl}${key}` : `/uploads/${key}`;
  }

  async open(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error("S3 GetObject: the body is not a Node stream");
      return { body: object.Body, size: object.ContentLength ?? 0, etag: object.ETag ?? `"${key}"` };
    } catch (error) {
      if (status(error) === 404) return null;
      throw error;
    }
  }

  /** Every section key, page by page (ListObjectsV2 returns at most 1000 at a time). */
  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: this.listPageSize }));
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
    for (const key of orphans) {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: `${prefix}${key}`, CopySource: copySource(this.bucket, key) }));
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    }
    return { moved: orphans.length, tempRemoved: 0, to: `s3://${this.bucket}/${prefix}` };
  }

  async healthy(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch (error) {
      console.error("storage: the bucket does not answer", error instanceof Error ? error.message : error);
      return false;
    }
  }
}
