/**
 * Whole rendered pages kept in this process's memory, bounded in entries and in bytes, each for at
 * most `ttlMs`; when a bound is reached the page used least recently goes first. It knows nothing
 * of what a key means: the caller's key must name everything the page shows, so that two requests
 * with one key would be rendered byte for byte alike (but the nonce, which is kept with the page).
 */
export interface StoredPage {
  body: Uint8Array<ArrayBuffer>;
  /** The CSP nonce the page's inline scripts carry: served with it (a stored page is never changed). */
  nonce: string;
}

export interface PageStoreLimits {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export class PageStore {
  readonly #pages = new Map<string, StoredPage & { expires: number }>();
  #bytes = 0;
  #generation = 0;
  readonly #limits: Required<PageStoreLimits>;

  constructor(limits: PageStoreLimits) {
    this.#limits = { now: Date.now, ...limits };
  }

  get(key: string): StoredPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    this.#pages.delete(key);
    if (page.expires <= this.#limits.now()) {
      this.#bytes -= page.body.byteLength;
      return undefined;
    }
    // Map keeps insertion order: put back last, it is now the most recently used.
    this.#pages.set(key, page);
    return page;
  }

  /**
   * What to hand back to `set` for a page rendered from now on: a page whose render overlapped a
   * `clear` may show what the clear was for, and is not kept.
   */
  generation(): number {
    return this.#generation;
  }

  set(key: string, page: StoredPage, generation: number): void {
    if (generation !== this.#generation || page.body.byteLength > this.#limits.maxBytes) return;
    const old = this.#pages.get(key);
    if (old) {
      this.#pages.delete(key);
      this.#bytes -= old.body.byteLength;
    }
    this.#pages.set(key, { ...page, expires: this.#limits.now() + this.#limits.ttlMs });
    this.#bytes += page.body.byteLength;
    for (const [oldest, { body }] of this.#pages) {
      if (this.#pages.size <= this.#limits.maxEntries && this.#bytes <= this.#limits.maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= body.byteLength;
    }
  }

  /** Forgets every page, and any being rendered now. */
  clear(): void {
    this.#pages.clear();
    this.#bytes = 0;
    this.#generation++;
  }

  get size(): number {
    return this.#pages.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
