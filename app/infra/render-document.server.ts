import type { ReactNode } from "react";
// React 18.3's Node renderer (renderToPipeableStream, "react-dom/server" in Node) fills views of
// 2,048 bytes with TextEncoder.encodeInto and, when a character of 2–4 bytes does not fit in what
// is left of one, sends the whole view: its unwritten bytes reach the page as U+0000 ("Sebasti\0án").
// The web-streams renderer of the same React encodes each text whole before copying its bytes, so
// it is used here, in Node too (decision 0019, "Rendering").
import { renderToReadableStream } from "react-dom/server.browser";

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
export async function renderDocumentBody(
  document: ReactNode,
  { status, nonce, abortAfterMs }: { status: number; nonce?: string; abortAfterMs: number },
): Promise<{ body: Uint8Array<ArrayBuffer>; status: number }> {
  let statusCode = status;
  let shellRendered = false;
  const controller = new AbortController();
  // The timer holds the whole render (its data, its tree) until it fires: cleared as soon as the
  // render is over, or every page rendered in the last seconds stays in memory (under load a worker
  // ran out of heap, and its collector took a fifth of the time).
  const timer = setTimeout(() => controller.abort(), abortAfterMs);
  try {
    const stream = await renderToReadableStream(document, {
      nonce,
      signal: controller.signal,
      // Every Suspense boundary is finished before sending, and must be written in place: one
      // larger than this would be sent after the rest and moved in by a script, which a page
      // without JavaScript never runs. React 18.3 does not count a boundary's size yet (React 19
      // does); this keeps it so either way.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        statusCode = 500;
        // Errors during the shell reject the render; later ones are logged here.
        if (shellRendered) console.error(error);
      },
    });
    shellRendered = true;
    await stream.allReady;
    clearTimeout(timer);
    // Bytes joined as bytes: a character cut between two of the stream's chunks is whole again.
    const body = new Uint8Array(await new Response(stream).arrayBuffer());
    return { body, status: statusCode };
  } finally {
    clearTimeout(timer);
  }
}
