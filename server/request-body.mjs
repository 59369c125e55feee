// @ts-check
// A body the app refused before reading it to its end (a 413 for a form, a JSON body or an upload
// over its limit, a 401 before an upload): the answer must reach the client.
//
// The app stops reading by cancelling the Request's body; Remix's adapter then destroys the Node
// request, which destroys the socket while the client is still sending, and the client sees a reset
// instead of the answer (with `Transfer-Encoding: chunked` always, as no Content-Length lets the app
// refuse before reading). Closing the connection as soon as the answer is written does the same: the
// unread bytes in the server's socket make the kernel reset it. So, as nginx's lingering close does,
// the rest of the body is read and thrown away once the answer is written, for a bounded time, and
// the connection is then kept (the client may reuse it; closed if it asked) or closed if the client
// is still sending.

/** How long the rest of a refused body is read after the answer, at most, and with no byte arriving. */
export const LINGER = { totalMs: 30_000, idleMs: 5_000 };

/**
 * Express middleware (before the app): a refused body is discarded after the answer instead of
 * resetting the connection.
 * @param {{ totalMs?: number, idleMs?: number }} [limits]
 * @returns {import("express").RequestHandler}
 */
export function finishRefusedBodies({ totalMs = LINGER.totalMs, idleMs = LINGER.idleMs } = {}) {
  return (req, res, next) => {
    let discarding = false;
    /** The client asked for `Connection: close`: closed once its refused body is all read. */
    const closeAsked = /\bclose\b/i.test(req.headers.connection ?? "");
    const discard = () => {
      if (discarding || req.complete || req.socket.destroyed) return;
      discarding = true;
      // Whoever read the body (Remix's stream) has stopped: nothing more is handed to it.
      req.removeAllListeners("data");
      const close = () => req.socket.destroy();
      const total = setTimeout(close, totalMs);
      let idle = setTimeout(close, idleMs);
      req.on("data", () => {
        clearTimeout(idle);
        idle = setTimeout(close, idleMs);
      });
      req.once("end", () => {
        clearTimeout(total);
        clearTimeout(idle);
        // All of it read: a client that asked to close the connection has it closed now.
        if (closeAsked) req.socket.end();
      });
      req.socket.once("close", () => {
        clearTimeout(total);
        clearTimeout(idle);
      });
      req.resume();
    };
    // The body cancelled before the answer: the socket stays open for it, the rest is discarded.
    // Cancelled after the answer (its reader gave up late, as on a loaded machine): the rest is
    // already being discarded, and destroying the request now would reset the connection.
    const destroy = req.destroy;
    req.destroy = function (error) {
      if (discarding) return this;
      if (req.complete || req.socket.destroyed || res.writableFinished) return destroy.call(this, error);
      discard();
      return this;
    };
    // An answer written before its request's body has all arrived (a refusal) keeps the connection
    // for the rest of the body, read and thrown away above. A client that asked to close it (a
    // `Connection: close` request) would otherwise have it closed by Node as soon as the answer is
    // written, while still sending: the unread bytes reset it, and the answer is lost.
    const writeHead = res.writeHead;
    res.writeHead = /** @type {typeof res.writeHead} */ function (/** @type {any[]} */ ...args) {
      if (!req.complete && !res.hasHeader("Connection")) res.setHeader("Connection", "keep-alive");
      return writeHead.apply(this, /** @type {any} */ (args));
    };
    // The body left unread once the answer is written (never read, or cancelled above).
    res.once("finish", discard);
    next();
  };
}
