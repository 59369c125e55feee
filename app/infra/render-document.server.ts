import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * Renders a whole document before sending it, as one chunk: the pages have no streamed parts, a
 * bot and a browser get the same complete HTML (which is also what a visitor without JavaScript
 * needs), and the body skips the chunk-by-chunk trip through Node and web streams (decision 0015).
 * A render still unfinished after `abortAfterMs` is aborted.
 */
export async function renderDocument(
  document: ReactNode,
  { status, headers, nonce, abortAfterMs }: { status: number; headers: Headers; nonce?: string; abortAfterMs: number },
): Promise<Response> {
  const rendered = await renderDocumentBody(document, { status, nonce, abortAfterMs });
  return new Response(rendered.body, { headers, status: rendered.status });
}

/** The whole document's bytes and its status (500 when a part failed after the shell). */
export function renderDocumentBody(
  document: ReactNode,
  { status, nonce, abortAfterMs }: { status: number; nonce?: string; abortAfterMs: number },
): Promise<{ body: Uint8Array<ArrayBuffer>; status: number }> {
  return new Promise((resolve, reject) => {
    let statusCode = status;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        const bytes = Buffer.concat(chunks);
        resolve({ body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), status: statusCode });
        callback();
      },
    });
    let shellRendered = false;
    let timer: NodeJS.Timeout | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      // Every Suspense boundary (the lazily hydrated parts, lazy-hydrated.tsx) is finished before
      // sending, and must be written in place: one larger than this would be sent after the rest
      // and moved in by a script, which a page without JavaScript never runs. React 18.3 does not
      // count a boundary's size yet (React 19 does); this keeps it so either way.
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
