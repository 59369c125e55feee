/** The boundary of every multipart body the unit tests build. */
export const BOUNDARY = "----wedding-test-boundary";

/** `prefix`: real bytes before a numeric part's filler (a file's header, then its bulk). */
export type Part = { name: string; filename?: string; bytes: Buffer | number; prefix?: Buffer };

/**
 * A multipart body as a lazily pulled stream, `chunk` bytes at a time. A part's `bytes` may be a
 * number: that many 0xff bytes, made as they are read (a 6 MB photo costs no memory here).
 * `pulled()` says how many bytes the server read; `ends[i]` is where part i's bytes end.
 */
export function multipartRequest(parts: Part[], { declareLength = true, chunk = 64 * 1024 } = {}) {
  const pieces: (Buffer | number)[] = [];
  const ends: number[] = [];
  let length = 0;
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    const type = part.filename !== undefined ? "Content-Type: image/jpeg\r\n" : "";
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`);
    pieces.push(head, ...(part.prefix ? [part.prefix] : []), part.bytes, Buffer.from("\r\n"));
    length += head.length + (part.prefix?.length ?? 0) + (typeof part.bytes === "number" ? part.bytes : part.bytes.length);
    ends.push(length);
    length += 2;
  }
  const tail = Buffer.from(`--${BOUNDARY}--\r\n`);
  pieces.push(tail);
  length += tail.length;
  let pulled = 0;
  let index = 0;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index >= pieces.length) return controller.close();
      const piece = pieces[index];
      const size = typeof piece === "number" ? piece : piece.length;
      const n = Math.min(chunk, size - offset);
      const out = typeof piece === "number" ? Buffer.alloc(n, 0xff) : piece.subarray(offset, offset + n);
      offset += n;
      if (offset >= size) {
        index++;
        offset = 0;
      }
      pulled += out.length;
      controller.enqueue(new Uint8Array(out));
    },
  });
  const headers: Record<string, string> = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
  if (declareLength) headers["Content-Length"] = String(length);
  const request = new Request("http://localhost/gallery", { method: "POST", headers, body, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled, ends };
}
