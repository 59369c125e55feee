// @ts-check
// How every answer's body reaches the client (docs/decisions/0034-one-way-to-stream-every-file.md):
//   - Remix's answers are written by `createRemixHandler`, which reads the next chunk of a body only
//     once the socket took the last one (backpressure), so a client that reads slowly or not at all
//     holds back the file, the bucket's download or the ZIP instead of filling the server's memory.
//     `@remix-run/express` writes without waiting (a 50 MB video became 50 MB of memory per
//     connection that did not read), so this small adapter replaces it, built on the public
//     `createRequestHandler` of `@remix-run/node`.
//   - `cutOffIdleClients` ends any answer (Remix's or the static files') whose client takes nothing
//     for the idle time: first the answer is ended (its body cancelled and its request aborted, so
//     the file is closed and a download slot is freed), then its connection is destroyed, so a file
//     cut short can never look whole, and a client that sees the close and asks again at once finds
//     its slot already freed (were the slot freed after the close, the retry would be refused).
// No route has to remember a rule: a loader returns a Response with a stream, and both hold.
import { createReadableStreamFromReadable, createRequestHandler } from "@remix-run/node";

/**
 * How long a client may take nothing of an answer before its connection is destroyed: far beyond a
 * phone's pause on a bad network (TCP itself retries within it), short enough that idle sockets
 * cannot hold the server's download slots or file handles for long. STREAM_IDLE_TIMEOUT_MS shortens
 * it for tests only: it is not a setting of the site.
 */
export const STREAM_IDLE_MS = Number(process.env.STREAM_IDLE_TIMEOUT_MS) || 30_000;

/**
 * Emitted on a response that is being cut off, just before its connection is destroyed: whoever
 * writes the answer ends it now (cancels its body, aborts its request), while the client cannot yet
 * see the connection closed.
 */
export const CUT_OFF = "wedding:cut-off";

/**
 * Express middleware (place it before compression, so it sees what goes to the socket): an answer
 * whose socket stays full for `idleMs` (a write was refused and no drain followed), or whose last
 * bytes are not taken within `idleMs` of its end, is cut off.
 * @param {number} idleMs
 * @returns {import("express").RequestHandler}
 */
export function cutOffIdleClients(idleMs) {
  return (_req, res, next) => {
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const arm = () => {
      if (!timer && !res.destroyed) timer = setTimeout(() => cutOff(res), idleMs);
    };
    const disarm = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    // Registered now, before compression replaces res.on: the socket's own drain, not the gzip stream's.
    res.on("drain", disarm);
    res.on("finish", disarm);
    res.on("close", disarm);
    const write = res.write;
    const end = res.end;
    res.write = /** @type {typeof res.write} */ function (/** @type {any[]} */ ...args) {
      const taken = write.apply(this, /** @type {any} */ (args));
      if (!taken) arm();
      return taken;
    };
    res.end = /** @type {typeof res.end} */ function (/** @type {any[]} */ ...args) {
      const result = end.apply(this, /** @type {any} */ (args));
      // 'finish' comes once the socket took the last bytes: normally at once.
      if (!res.writableFinished) arm();
      return result;
    };
    next();
  };
}

/**
 * Ends an answer, then destroys its connection. The answer's end runs first and at once (a ZIP's
 * slot is released to the primary then), so what it frees is free before the client can see the close.
 * @param {import("node:http").ServerResponse} res
 */
function cutOff(res) {
  try {
    res.emit(CUT_OFF);
  } finally {
    res.destroy();
  }
}

/**
 * Writes a web stream to the response, one chunk at a time, each only after the response took the
 * one before (its 'drain' after a refused write). A response that closes (the client left, or it
 * was cut off) cancels the stream, which closes the file or ends the archive. A stream that fails
 * midway destroys the connection: the client sees the answer cut short, never a whole-looking one.
 * @param {ReadableStream<Uint8Array>} body
 * @param {import("node:http").ServerResponse & { flush?: () => void }} res
 */
export async function sendBody(body, res) {
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  /** @type {() => void} */
  let wake = () => undefined;
  const drained = () => wake();
  // One listener for the whole answer: with compression, 'drain' is the gzip stream's
  // (compression forwards the listener to it, and could not take it back through res).
  res.on("drain", drained);
  res.on("close", drained);
  res.once("close", stop);
  // Cut off: the body is cancelled before the connection is destroyed (cutOff).
  res.once(CUT_OFF, stop);
  try {
    for (;;) {
      if (res.destroyed) return stop();
      const { done, value } = await reader.read();
      if (done) {
        if (!res.destroyed) res.end();
        return;
      }
      if (res.destroyed) return stop();
      const taken = res.write(value);
      // compression's flush: a page streamed by React reaches the browser as it renders.
      res.flush?.();
      if (!taken && !res.destroyed) await new Promise((resolve) => (wake = () => resolve(undefined)));
    }
  } catch (error) {
    res.destroy();
    throw error;
  } finally {
    res.off("close", drained);
    res.off("close", stop);
    res.off(CUT_OFF, stop);
  }
}

/**
 * Express's request as a web Request for Remix: the URL as Express resolved it (its trusted proxy
 * setting), the headers, the body as a stream, and a signal that aborts when the client goes before
 * the answer was sent (a loader or a download stops).
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 */
function remixRequest(req, res) {
  const host = req.get("x-forwarded-host") ?? req.get("host") ?? "";
  const port = /:(\d+)$/.exec(host)?.[1];
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  let answered = false;
  res.on("finish", () => (answered = true));
  const abort = () => {
    if (!answered) controller.abort();
  };
  res.on("close", abort);
  // Cut off: the request aborts (a download ends, its slot is freed) before the connection closes.
  res.once(CUT_OFF, abort);
  /** @type {RequestInit & { duplex?: "half" }} */
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * Express middleware answering with Remix, every body written by `sendBody`.
 * @param {{ build: Parameters<typeof createRequestHandler>[0], mode: string, getLoadContext: (req: import("express").Request, res: import("express").Response) => import("@remix-run/node").AppLoadContext | Promise<import("@remix-run/node").AppLoadContext> }} options
 * @returns {import("express").RequestHandler}
 */
export function createRemixHandler({ build, mode, getLoadContext }) {
  const handleRequest = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = remixRequest(req, res);
      const response = await handleRequest(request, await getLoadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
      if (response.body) await sendBody(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
