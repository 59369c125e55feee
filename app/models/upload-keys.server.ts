import crypto from "node:crypto";
import { db } from "~/infra/db.server";

/**
 * The upload queue's keys (docs/decisions/0065-uploads-wait-for-the-signal.md). A phone sends each
 * file with a random key and sends it again when the answer was lost; the key is claimed by an
 * insert (the table's primary key decides between two requests at once, never a read first), so
 * one file is stored per key. A key whose file was stored keeps the first answer, given again to
 * every repeat; a key whose upload failed is released, so the phone may try again.
 */

/** How long a key is kept: a phone that comes back to the signal the next day is covered. */
export const UPLOAD_KEY_KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * A claim with no answer after this long belongs to an upload that died with its process (a
 * running one is cut off by the server after 30 s without data): the key may be claimed again.
 */
export const UPLOAD_CLAIM_STALE_MS = 30 * 60 * 1000;
/** Old keys are pruned by an upload at most this often (a GET never changes anything). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

let lastPrune = 0;

/**
 * The stored name of a key: a hash of where the file was sent (`scope`, e.g. a section) and the
 * guest's key, so a key only ever answers for the place it was sent to, and the table never holds
 * the keys themselves.
 */
const storedKey = (scope: string, key: string) => crypto.createHash("sha256").update(`${scope}\n${key}`).digest("hex");

export type UploadKeyClaim =
  /** This request stores the file: finish() with the answer, or release() when it is not stored. */
  | { state: "claimed"; finish(mediaId: number, answer: unknown): Promise<void>; release(): Promise<void> }
  /** Stored before: the first request's answer. */
  | { state: "done"; answer: unknown }
  /** Another request with this key is still being received. */
  | { state: "busy" };

/** Removes keys older than `before` (ISO time); returns how many. */
export async function pruneUploadKeys(before: string): Promise<number> {
  const result = await db().deleteFrom("upload_keys").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Pruning at most once an hour per process, on an upload (a POST). */
async function pruneNow(now: number) {
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  await pruneUploadKeys(new Date(now - UPLOAD_KEY_KEEP_MS).toISOString());
}

/** Tests run each in a fresh database: this forgets when this process last pruned. */
export function resetUploadKeyPruningForTests() {
  lastPrune = 0;
}

/** Claims `key` for an upload to `scope`; see UploadKeyClaim. */
export async function claimUploadKey(scope: string, key: string, now = Date.now()): Promise<UploadKeyClaim> {
  await pruneNow(now);
  const id = storedKey(scope, key);
  // Twice at most: a stale claim removed (or a row pruned) between the insert and the read.
  for (let attempt = 0; attempt < 2; attempt++) {
    const created_at = new Date(now).toISOString();
    const inserted = await db()
      .insertInto("upload_keys")
      .values({ key: id, media_id: null, answer: null, created_at })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    if (inserted) {
      return {
        state: "claimed",
        async finish(mediaId, answer) {
          await db()
            .updateTable("upload_keys")
            .set({ media_id: mediaId, answer: JSON.stringify(answer) })
            .where("key", "=", id)
            .where("created_at", "=", created_at)
            .execute();
        },
        async release() {
          await db().deleteFrom("upload_keys").where("key", "=", id).where("answer", "is", null).where("created_at", "=", created_at).execute();
        },
      };
    }
    const row = await db().selectFrom("upload_keys").select(["answer", "created_at"]).where("key", "=", id).executeTakeFirst();
    if (row?.answer) return { state: "done", answer: JSON.parse(row.answer) as unknown };
    if (row && Date.parse(row.created_at) > now - UPLOAD_CLAIM_STALE_MS) return { state: "busy" };
    if (row) await db().deleteFrom("upload_keys").where("key", "=", id).where("answer", "is", null).where("created_at", "=", row.created_at).execute();
  }
  return { state: "busy" };
}
