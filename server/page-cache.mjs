// @ts-check
// A one-second micro-cache of rendered pages, in front of Remix (see
// docs/decisions/0007-pages-are-micro-cached-for-a-second.md and, for the cluster, 0015).
//
// Rendering a page costs ~9 ms of CPU; a guest's phone never notices, but a burst (the couple
// sharing the link in a group chat) queues every request behind the others. Within one second, the
// same public page for a visitor with the same language and theme is the same page, so it is
// served from memory with a fresh CSP nonce.
//
// What keeps it correct:
//   - only visitors without a personal cookie (the stored invitation, the admin session, a pending
//     toast: `personalCookies`, named by the app that sets them) are served from it or fill it; a
//     language, theme or analytics cookie does not count;
//   - only GET answers with status 200 (or 404: the not-found page is the same for everyone),
//     text/html and no Set-Cookie are kept; never /admin or /api (in any case: Remix matches
//     /ADMIN too);
//   - the key is what the page depends on as the app resolves it: protocol and host (as Express
//     resolved them, and the Host and X-Forwarded-Host headers the page's address takes its port
//     from), URL, language and theme (`variantOf`), never the raw Cookie header;
//   - a write (any other method) empties it once it succeeds: when its answer (status < 400) is
//     about to be sent, so the writer's next page already shows the change, or when its
//     connection closes before any answer (it may have written); a refused write changes nothing
//     and empties nothing. A page whose render overlapped that moment is not kept;
//   - the nonce in the stored HTML and CSP header is replaced by the request's own nonce;
//   - each worker of the cluster has its own cache: a write that succeeded in one empties the
//     others too (`onInvalidate` tells the primary, which relays it; `invalidate({ fromPeer })`);
//   - when a page expires, one request renders it again while the others still get the page
//     just expired (for at most STALE_MS), so a burst does not render it fifty times at once.

import { hasCookie, isAdminPath, isApiPath } from "./request-rules.mjs";

const DROPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "date", "etag", "vary", "keep-alive"]);

const STALE_MS = 5000;

/**
 * @typedef {import("express").Request} Request
 * @typedef {import("express").Response} Response
 * @typedef {import("express").NextFunction} NextFunction
 * @typedef {{ expires: number, refreshing: boolean, status: number, headers: Record<string, string | string[]>, body: string, nonce: string }} Entry
 */

/** Statuses whose page is the same for every visitor of one variant. */
const KEPT_STATUSES = new Set([200, 404]);

/**
 * `variantOf(req)` resolves what else a page depends on (server.mjs: the language and theme the
 * app would render it in); it may return a promise. `onInvalidate()` is called when a write here
 * empties the cache (server.mjs tells the other workers). `personalCookies`: the names of the
 * cookies that make a page the visitor's own (the app's, edge.cookies.personal).
 * @param {{ personalCookies: readonly string[], ttlMs?: number, maxEntries?: number, now?: () => number, variantOf?: (req: Request) => string | Promise<string>, onInvalidate?: () => void }} options
 */
export function createPageCache({ personalCookies, ttlMs = 1000, maxEntries = 200, now = () => Date.now(), variantOf = () => "", onInvalidate }) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let generation = 0;

  /**
   * Empties the cache; a write seen here is passed on to the other workers, one they saw is not
   * (even with the cache off: the workers also check the couple's content then, decision 0027).
   */
  const invalidate = ({ fromPeer = false } = {}) => {
    generation++;
    entries.clear();
    if (!fromPeer) onInvalidate?.();
  };

  // The page's own address (its links, the slideshow's QR code without PUBLIC_URL) is built from
  // request.url, which Remix makes of the host name as Express resolved it and the port of
  // X-Forwarded-Host or Host: every one of those is in the key, so a page made for a forged Host
  // (or port) is served only to requests that send the same one.
  const keyOf = async (/** @type {Request} */ req) =>
    [req.protocol, req.hostname, req.get("host") ?? "", req.get("x-forwarded-host") ?? "", req.originalUrl, await variantOf(req)].join("\n");

  const cacheable = (/** @type {Request} */ req) =>
    ttlMs > 0 && req.method === "GET" && !isAdminPath(req.path) && !isApiPath(req.path) && !hasCookie(req.get("cookie"), personalCookies);

  /**
   * The entry to serve, or undefined when this request should render the page itself.
   * @param {string} key
   */
  function lookup(key) {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const t = now();
    if (entry.expires > t) return entry;
    if (entry.refreshing && entry.expires + STALE_MS > t) return entry;
    if (entry.expires + STALE_MS <= t) entries.delete(key);
    else entry.refreshing = true;
    return undefined;
  }

  /**
   * @param {string} key
   * @param {Entry} entry
   */
  function store(key, entry) {
    entries.delete(key);
    entries.set(key, entry);
    // Oldest first: Map keeps insertion order.
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
  }

  /**
   * A write empties the cache once it succeeded (see the top of this file).
   * @param {Response} res
   */
  function watchWrite(res) {
    const writeHead = res.writeHead;
    res.writeHead = /** @type {typeof res.writeHead} */ function (/** @type {any[]} */ ...args) {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if (status < 400) invalidate();
      return writeHead.apply(this, /** @type {any} */ (args));
    };
    res.on("close", () => {
      if (!res.headersSent) invalidate();
    });
  }

  /**
   * Express middleware: place it after compression and after the nonce is chosen.
   * @type {import("express").RequestHandler}
   */
  function middleware(req, res, next) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      watchWrite(res);
      return next();
    }
    if (!cacheable(req)) return next();
    keyOf(req).then((key) => serve(key, req, res, next), next);
  }

  /**
   * @param {string} key
   * @param {Request} req
   * @param {Response} res
   * @param {NextFunction} next
   */
  function serve(key, req, res, next) {
    const nonce = res.locals.cspNonce;
    const hit = lookup(key);
    if (hit) {
      res.status(hit.status);
      for (const [name, value] of Object.entries(hit.headers)) {
        res.setHeader(name, Array.isArray(value) ? value.map((v) => v.replaceAll(hit.nonce, nonce)) : value.replaceAll(hit.nonce, nonce));
      }
      res.setHeader("X-Page-Cache", "hit");
      return res.end(hit.body.replaceAll(hit.nonce, nonce));
    }

    const startedAt = generation;
    /** @type {Buffer[]} */
    const chunks = [];
    const write = res.write;
    const end = res.end;
    let collecting = true;
    /**
     * @param {unknown} chunk what res.write or res.end was given (a callback in its place too)
     * @param {unknown} encoding
     */
    const collect = (chunk, encoding) => {
      if (!collecting || chunk == null || typeof chunk === "function") return;
      // Only pages are kept: a photo or a streamed ZIP is passed on, never gathered in memory.
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) {
        collecting = false;
        chunks.length = 0;
        return;
      }
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8"));
      else if (ArrayBuffer.isView(chunk)) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    };
    res.write = /** @type {typeof res.write} */ function (/** @type {any[]} */ ...args) {
      collect(args[0], args[1]);
      return write.apply(this, /** @type {any} */ (args));
    };
    res.end = /** @type {typeof res.end} */ function (/** @type {any[]} */ ...args) {
      collect(args[0], args[1]);
      return end.apply(this, /** @type {any} */ (args));
    };
    res.on("close", () => {
      // Whatever happens to this render, the next request may try again.
      const entry = entries.get(key);
      if (entry) entry.refreshing = false;
    });
    res.on("finish", () => {
      // The nonce the page was sent with: the app may have sent a page it kept with that page's own.
      const sentNonce = res.locals.cspNonce;
      if (generation !== startedAt || !KEPT_STATUSES.has(res.statusCode) || !sentNonce) return;
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html") || res.hasHeader("set-cookie")) return;
      /** @type {Record<string, string | string[]>} */
      const headers = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (!DROPPED_HEADERS.has(name) && name !== "x-page-cache" && value !== undefined)
          headers[name] = Array.isArray(value) ? value.map(String) : String(value);
      }
      store(key, {
        expires: now() + ttlMs,
        refreshing: false,
        status: res.statusCode,
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
        nonce: sentNonce,
      });
    });
    next();
  }

  return { middleware, invalidate, size: () => entries.size };
}
