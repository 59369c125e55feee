import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver"; // untyped: see ./s3rver.d.ts

/** The credentials s3rver's built-in account accepts. */
const ACCESS_KEY = "S3RVER";

export interface S3TestServer {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  bucket: string;
  /** The folder s3rver keeps the bucket in (removed by stop()). */
  directory: string;
  /** The app's variables for this server: STORAGE=s3 and the S3_* settings. */
  env: Record<string, string>;
  /** An SDK client for this server, for tests that look into the bucket themselves. */
  client: S3Client;
  /** Makes another empty bucket (one per test keeps tests apart on one server). */
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
  store: {
    existsObject(bucket: string, key: string): Promise<boolean>;
    listObjects(
      bucket: string,
      options: { startAfter?: string; maxKeys?: number; prefix?: string },
    ): Promise<{ objects: { key: string; size: number; metadata: Record<string, string> }[]; isTruncated: boolean }>;
  };
}

const xml = (tag: string, value: string | number) => `<${tag}>${String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;")}</${tag}>`;

/** The bucket and key of a path-style request ("/bucket/key"). */
function target(ctx: KoaContext): { bucket: string; key: string } {
  const [, bucket = "", ...rest] = ctx.path.split("/");
  return { bucket, key: decodeURIComponent(rest.join("/")) };
}

/**
 * s3rver ignores If-None-Match on PutObject (it always overwrites). S3, R2 and MinIO answer 412
 * PreconditionFailed when the key exists; this adds exactly that rule in front of s3rver's routes,
 * so the driver's no-overwrite condition (sent as real stores expect it) is what the tests check.
 */
async function conditionalPut(ctx: KoaContext): Promise<boolean> {
  if (ctx.method !== "PUT" || ctx.headers["if-none-match"] !== "*" || ctx.headers["x-amz-copy-source"] || "uploadId" in ctx.query) return false;
  const { bucket, key } = target(ctx);
  if (!bucket || !key || !(await ctx.store.existsObject(bucket, key))) return false;
  ctx.status = 412;
  ctx.type = "application/xml";
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${xml("Code", "PreconditionFailed")}${xml("Message", "At least one of the pre-conditions you specified did not hold")}${xml("Condition", "If-None-Match")}</Error>`;
  return true;
}

/**
 * s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 18+) no longer
 * has: a listing that needs a second page fails with ERR_OSSL_EVP_UNSUPPORTED. Only then (the
 * request has passed s3rver's signature check) is the page answered here, with a token that is
 * the last key in base64url, as S3 pages: keys in order, at most max-keys, IsTruncated. (The
 * prefix makes the token long enough for s3rver to try, and fail, to decipher it.)
 */
const TOKEN_PREFIX = "s3-test-page:";
async function listPage(ctx: KoaContext) {
  const { bucket } = target(ctx);
  const maxKeys = Math.min(1000, Number(ctx.query["max-keys"] ?? 1000));
  const token = ctx.query["continuation-token"];
  const startAfter = token ? Buffer.from(token, "base64url").toString("utf8").slice(TOKEN_PREFIX.length) : ctx.query["start-after"];
  const result = await ctx.store.listObjects(bucket, { startAfter, maxKeys, prefix: ctx.query.prefix });
  const last = result.objects[result.objects.length - 1];
  const contents = result.objects.map((o) => `<Contents>${xml("Key", o.key)}${xml("Size", o.size)}${xml("ETag", o.metadata.etag ?? "")}</Contents>`);
  ctx.status = 200;
  ctx.type = "application/xml";
  ctx.body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `${xml("Name", bucket)}${xml("Prefix", ctx.query.prefix ?? "")}${xml("KeyCount", result.objects.length)}${xml("MaxKeys", maxKeys)}` +
    `${xml("IsTruncated", String(result.isTruncated))}` +
    (token ? xml("ContinuationToken", token) : "") +
    (result.isTruncated && last ? xml("NextContinuationToken", Buffer.from(TOKEN_PREFIX + last.key).toString("base64url")) : "") +
    `${contents.join("")}</ListBucketResult>`;
}

/** What real S3-compatible stores do and s3rver does not (see the two functions above). */
async function fillGaps(ctx: KoaContext, next: () => Promise<void>) {
  if (await conditionalPut(ctx)) return;
  try {
    await next();
  } catch (error) {
    const desMissing = (error as { code?: string }).code === "ERR_OSSL_EVP_UNSUPPORTED";
    if (!(ctx.method === "GET" && ctx.query["list-type"] === "2" && desMissing)) throw error;
    await listPage(ctx);
  }
}

/**
 * Starts a real S3-protocol server (s3rver) on a free local port with an empty bucket in a
 * temporary folder. Usable from Vitest and from Playwright's global setup; call stop() after.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? "wedding-gallery";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  (server.middleware as unknown[]).unshift(fillGaps);
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    client,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async stop() {
      client.destroy();
      // Keep-alive sockets from the app's client would hold close() open.
      server.httpServer?.closeAllConnections?.();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
