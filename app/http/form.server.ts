import { MAX_FORM_BODY_BYTES } from "~/lib/constants";

/**
 * The request body, never reading more than `limit` bytes (whatever Content-Length says, or
 * when it says nothing). Null when it is larger: the caller answers 413.
 */
export async function readBoundedBody(request: Request, limit: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * A page form's fields. Past MAX_FORM_BODY_BYTES it throws a 413, and a body that is not a form
 * a 400: the page's error view then says so in the guest's language, and nothing is changed.
 */
export async function readForm(request: Request): Promise<FormData> {
  const body = await readBoundedBody(request, MAX_FORM_BODY_BYTES);
  if (body === null) throw new Response("Payload Too Large", { status: 413 });
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
      return await new Response(new Uint8Array(body), { headers: { "Content-Type": type } }).formData();
    }
  } catch {
    // falls through to the 400
  }
  throw new Response("Bad Request", { status: 400 });
}
