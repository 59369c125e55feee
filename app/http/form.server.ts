import { MAX_FORM_BODY_BYTES, MAX_FORM_LIST_LENGTH } from "~/lib/constants";
import type { FormFields } from "~/lib/form-fields";
import { getFixedT } from "~/infra/i18n.server";

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

/** An index a form field name carries (`guests[3]`, `a.b[12]`): refused past MAX_FORM_LIST_LENGTH. */
const INDEX = /\[(\d*)\]/g;
/** A list item the whitelist accepts: `base[N]`, nothing after. */
const LIST_ITEM = /^([^[\].]+)\[(\d{1,3})\]$/;

/** Whether a field name is acceptable: small indices only, and (given a whitelist) a known name. */
function acceptedName(name: string, fields: FormFields | readonly string[] | undefined): boolean {
  for (const [, digits] of name.matchAll(INDEX)) {
    // `[]`, a leading zero or a long run of digits are no index any of our forms send.
    if (!/^(0|[1-9]\d{0,2})$/.test(digits) || Number(digits) >= MAX_FORM_LIST_LENGTH) return false;
  }
  if (!fields) return true;
  const known = Array.isArray(fields) ? { names: fields as readonly string[], lists: {} } : (fields as FormFields);
  if (known.names.includes(name)) return true;
  const item = LIST_ITEM.exec(name);
  return !!item && Object.hasOwn(known.lists, item[1]) && Number(item[2]) < known.lists[item[1]];
}

/** The 400 for a body that is not one of our forms: a short text in the guest's language. */
/**
 * A refused form's thrown answer, in the visitor's language: a page's error view shows its own
 * title for the status (app/root.tsx); a resource route (the language and theme switches) sends
 * this text as it is.
 */
async function refusedForm(request: Request, status: 400 | 413): Promise<Response> {
  const t = await getFixedT(request, "common");
  const key = status === 413 ? "tooLarge" : "badRequest";
  return new Response(`${t(`${key}.title`)}. ${t(`${key}.description`)}`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const badForm = (request: Request) => refusedForm(request, 400);

/**
 * A page form's fields. Past MAX_FORM_BODY_BYTES it throws a 413; a body that is not a form, a
 * field name with an index past MAX_FORM_LIST_LENGTH, or (given `fields`, the form's whitelist)
 * any field the form does not have throws a 400. Both are thrown before conform parses anything,
 * so no post can make it build a huge array; the page's error view says so in the guest's
 * language, and nothing is changed.
 */
export async function readForm(request: Request, fields?: FormFields | readonly string[]): Promise<FormData> {
  const body = await readBoundedBody(request, MAX_FORM_BODY_BYTES);
  if (body === null) throw await refusedForm(request, 413);
  const type = request.headers.get("Content-Type") ?? "";
  let form: FormData | null = null;
  try {
    if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
      form = await new Response(new Uint8Array(body), { headers: { "Content-Type": type } }).formData();
    }
  } catch {
    // falls through to the 400
  }
  if (!form) throw await badForm(request);
  for (const name of form.keys()) if (!acceptedName(name, fields)) throw await badForm(request);
  return form;
}

/** A refused form's answer as conform's reply() gives it (its errors, and what was typed). */
interface Reply {
  status?: "error" | "success";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
  fields?: string[];
}

/** What was typed in a form, as the page shows it again: field name to value, or to each item of a list. */
export type TypedValues = Record<string, string | string[]>;

/**
 * A refused form's answer, the same whether the page's script or a plain post sent it: conform's
 * reply (its errors), with what was typed limited to the form's own `fields`: its plain names and
 * list items within bounds, strings only (no `intent`, no other form's field, no file). Without
 * JavaScript the answer is a new page, and this is how the guest finds what they typed in it;
 * with it the form never left the page, and the values are the ones already there. Never stored;
 * the page puts them in its fields' values, which React escapes.
 */
export function refusedReply<R extends Reply>(
  reply: R,
  fields: FormFields | null,
): Omit<R, "initialValue" | "fields"> & { status: "error"; initialValue: TypedValues; fields: string[] } {
  const initialValue: TypedValues = {};
  const typed = fields ? (reply.initialValue ?? {}) : {};
  for (const [name, value] of Object.entries(typed)) {
    if (typeof value === "string" && fields?.names.includes(name)) initialValue[name] = value;
    else if (Array.isArray(value) && fields && Object.hasOwn(fields.lists, name))
      initialValue[name] = value.slice(0, fields.lists[name]).map((item) => (typeof item === "string" ? item : ""));
  }
  return {
    ...reply,
    status: "error",
    error: reply.error ?? {},
    initialValue,
    fields: fields ? (reply.fields ?? []).filter((name) => acceptedName(name, fields)) : [],
  };
}

/**
 * A refusal that is not about what was typed (another site's post, a server error): its errors
 * only, nothing sent comes back.
 */
export function errorsOnly(error: Record<string, string[] | null> | null | undefined): { status: "error"; error: Record<string, string[] | null> } {
  return { status: "error", error: error ?? {} };
}
