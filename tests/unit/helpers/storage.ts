import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Storage } from "~/infra/storage.server";
import { startS3Server, type S3TestServer } from "../../helpers/s3-server";

/** A store that behaves like `base` except for the methods given (for failures in the middle). */
export function storeLike(base: Storage, overrides: Partial<Pick<Storage, "put" | "putStream" | "remove" | "open">>): Storage {
  return {
    driver: base.driver,
    bucket: base.bucket,
    cacheControlSeconds: base.cacheControlSeconds,
    put: (key, bytes, type) => base.put(key, bytes, type),
    putStream: (key, body, type) => base.putStream(key, body, type),
    remove: (key) => base.remove(key),
    url: (key) => base.url(key),
    open: (key, range) => base.open(key, range),
    list: () => base.list(),
    setAsideOrphans: (isNamed, stamp) => base.setAsideOrphans(isNamed, stamp),
    removeTempFiles: (tag) => base.removeTempFiles(tag),
    healthy: () => base.healthy(),
    ...overrides,
  };
}

/** A stored file's whole bytes (tests only: the app streams), or null when missing. */
export async function readKey(store: Storage, key: string): Promise<Buffer | null> {
  const stored = await store.open(key);
  return stored ? buffer(stored.body) : null;
}

/** Every key under the store's section folders, sorted. */
export async function listKeys(store: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list()) keys.push(key);
  return keys.sort();
}

/**
 * The store each test runs against: the local folder, or with "s3" a real S3-protocol server
 * (s3rver, started once for the file) and a fresh empty bucket per test, named in `env` (pass it
 * to useTestDatabase, registered after this, so each test's environment names its own bucket).
 */
export function useStoreDriver(driver: "local" | "s3", bucketPrefix: string) {
  const env: Record<string, string> = {};
  let server: S3TestServer | undefined;
  let buckets = 0;
  beforeAll(async () => {
    if (driver === "s3") server = await startS3Server();
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    if (!server) return;
    const bucket = `${bucketPrefix}-${++buckets}`;
    await server.createBucket(bucket);
    Object.assign(env, server.env, { S3_BUCKET: bucket });
  });
  return {
    env,
    /** The S3 server with the "s3" driver, undefined with "local". */
    get s3() {
      return server;
    },
  };
}
