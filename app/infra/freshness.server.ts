import { db } from "~/infra/db.server";

/**
 * Values a worker reads from the database once per change, not per request (the couple's content,
 * the site's media settings): one way to know that another worker or instance changed something.
 *
 * - Each value has a cheap revision (one small query). A read asks for it at most every
 *   CHECK_EVERY_MS, or at once after `somethingMayHaveChanged()` (server/main.mjs calls it, through
 *   the edge, when any worker of the cluster wrote; another instance's write is found by the
 *   periodic check), and reads the value again only when the revision differs.
 * - This worker's own write calls the value's `refresh()`: it shows the change when the write
 *   returns.
 * - `onFreshChange(listener)` is told when any value changed after its first read, however it was
 *   learnt (the page cache and the guest-page templates start again).
 * - A value belongs to the database it was read from (tests open a new one per test).
 */

/** How stale a worker's value may be when nothing told it of a change (another instance's write). */
export const CHECK_EVERY_MS = 2000;

export interface FreshSource<T> {
  /** A short text that changes with every write (row count and newest id, or the rows themselves). */
  revision(): Promise<string>;
  /** The value at that revision. */
  read(revision: string): Promise<T>;
  /**
   * When the database does not answer: what to show (the last value, else a default). Without it
   * the error reaches the caller and nothing is kept, so the next read tries again.
   */
  failed?(error: unknown, last: T | undefined): T;
}

export interface Fresh<T> {
  /** The value, asking for the revision first when it may be stale. */
  current(): Promise<T>;
  /** The value as last read, without asking (undefined before the first read). */
  last(): T | undefined;
  /** Asks for the revision now (after this worker's own write). */
  refresh(): Promise<T>;
  /** Forgets the value (tests; a write whose effect is not in the revision). */
  forget(): void;
}

const staleMarks = new Set<() => void>();
const changeListeners = new Set<() => void>();

/** A write succeeded in this worker or another of the cluster: every value asks for its revision at its next read. */
export function somethingMayHaveChanged(): void {
  for (const mark of staleMarks) mark();
}

/** Told each time any value changes after its first read. Returns the unsubscribe. */
export function onFreshChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function freshValue<T>(source: FreshSource<T>, onChange?: () => void): Fresh<T> {
  let kept: { value: T; revision: string; database: ReturnType<typeof db> | null } | null = null;
  let checkedAt = 0;
  let checking: Promise<T> | null = null;
  staleMarks.add(() => (checkedAt = 0));

  const refresh = (): Promise<T> => {
    checking ??= (async () => {
      try {
        const revision = await source.revision();
        if (!kept || kept.revision !== revision || kept.database !== db()) {
          const first = kept === null;
          kept = { value: await source.read(revision), revision, database: db() };
          if (!first) {
            onChange?.();
            for (const listener of changeListeners) listener();
          }
        }
      } catch (error) {
        if (!source.failed) throw error;
        // The last value stays until the next check; before any, the fallback is asked again at each read.
        const value = source.failed(error, kept?.value);
        kept = kept ? { ...kept, value } : { value, revision: "", database: null };
      } finally {
        checking = null;
      }
      checkedAt = Date.now();
      return kept.value;
    })();
    return checking;
  };

  return {
    current: () => (kept && kept.database === db() && Date.now() - checkedAt < CHECK_EVERY_MS ? Promise.resolve(kept.value) : refresh()),
    last: () => kept?.value,
    refresh,
    forget: () => {
      kept = null;
      checkedAt = 0;
      checking = null;
    },
  };
}
