import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
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
  stop(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  querystring: string;
  status: number;
  type: string;
  body: unknown;
  store: { existsObject(bucket: string, key: string): Promise<boolean> };
}

/**
 * s3rver ignores If-None-Match on PutObject (it always overwrites). S3, R2 and MinIO answer 412
 * PreconditionFailed when the key exists; this adds exactly that rule in front of s3rver's routes,
 * so the driver's no-overwrite condition (sent as real stores expect it) is what the tests check.
 */
async function conditionalPut(ctx: KoaContext, next: () => Promise<void>) {
  const copy = ctx.headers["x-amz-copy-source"];
  if (ctx.method === "PUT" && ctx.headers["if-none-match"] === "*" && !copy && !ctx.querystring) {
    const [, bucket, ...rest] = ctx.path.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucket && key && (await ctx.store.existsObject(bucket, key))) {
      ctx.status = 412;
      ctx.type = "application/xml";
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code>' +
        "<Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>";
      return;
    }
  }
  await next();
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
  (server.middleware as unknown[]).unshift(conditionalPut);
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
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
    async stop() {
      // Keep-alive sockets from the app's client would hold close() open.
      server.httpServer?.closeAllConnections?.();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
