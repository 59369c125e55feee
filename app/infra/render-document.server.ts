import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * Renders a whole document before sending it, as one chunk: the pages have no streamed parts, a
 * bot and a browser get the same complete HTML (which is also what a visitor without JavaScript
 * needs), and the body skips the chunk-by-chunk trip through Node and web streams (decision 0015).
 * A render still unfinished after `abortAfterMs` is aborted.
 */
export function renderDocument(
  document: ReactNode,
  { status, headers, nonce, abortAfterMs }: { status: number; headers: Headers; nonce?: string; abortAfterMs: number },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let statusCode = status;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(new Response(Buffer.concat(chunks), { headers, status: statusCode }));
        callback();
      },
    });
    let shellRendered = false;
    let timer: NodeJS.Timeout | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      // A finished Suspense boundary (a lazily hydrated section, lazy-hydrated.tsx) larger than
      // this would be sent after the rest, moved into place by a script: a page without JavaScript
      // would never show it. Everything is finished before sending, so every boundary goes inline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        // The timer holds the whole render (its data, its tree) until it fires: let it go now, or
        // every page rendered in the last seconds stays in memory (under load a worker ran out of
        // heap, and its collector took a fifth of the time).
        clearTimeout(timer);
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        statusCode = 500;
        // Errors during the shell are reported by onShellError; later ones are logged here.
        if (shellRendered) console.error(error);
      },
    });
    timer = setTimeout(abort, abortAfterMs);
  });
}
