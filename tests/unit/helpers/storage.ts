import { buffer } from "node:stream/consumers";
import type { Storage } from "~/infra/storage.server";

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
