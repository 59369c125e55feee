// A guest's page from a template (docs/decisions/0019-guest-pages-from-templates.md).
//
// /confirm with a code is private: never shared, rendered for each request. Its render (React, a
// tree of about 230 elements) was three quarters of the request's time, and the page differs
// between two guests of the same kind only in the texts that are theirs (the code, the names, the
// notes). So the page is rendered once per kind, with a placeholder for each of those texts, and
// each guest's page is that HTML with their own texts put in, escaped as React escapes them. The
// data the browser hydrates from is each request's own, encoded by Remix as always.
//
// What makes a template reusable is everything else the render saw: the address, the language, the
// status and every other value of the pages' data, with each guest text replaced by its placeholder
// (so an empty note, two equal names, a number of guests or an answer all make another template).
// A render that does anything with a guest text besides writing it out (cutting it, encoding it,
// counting it) leaves a broken placeholder behind: that template is refused and such pages are
// rendered in full. tests/e2e/page-templates.spec.ts compares both ways byte for byte.
import crypto from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { mapGuestTexts } from "~/lib/invitation-view";
import { onFreshChange } from "~/infra/freshness.server";

/** Templates kept per process; when full, they are all dropped (a wedding has a handful of kinds). */
export const TEMPLATES_MAX = 100;
/** A template is rendered again after this long, so nothing the render reads outside the data (the clock) stays old. */
export const TEMPLATE_TTL_MS = 60_000;

export type RenderDocument = (context: EntryContext, nonce: string) => Promise<{ body: Uint8Array<ArrayBuffer>; status: number }>;

interface Template {
  /** Literal HTML, then a hole, and so on; `parts.length === holes.length + 1`. */
  parts: string[];
  /** A guest text's index, NONCE or HANDOFF. */
  holes: number[];
}

const NONCE = -1;
const HANDOFF = -2;

// Placeholders are digits only, so that escaping, encoding or changing case leaves them as they are;
// two random runs per process keep a guest's own text from ever looking like one.
const randomDigits = () => String(crypto.randomInt(100_000, 999_999)) + String(crypto.randomInt(100_000, 999_999));
const START = randomDigits();
const END = randomDigits();
const PLACEHOLDER = new RegExp(`${START}(\\d{3})${END}`, "g");
const placeholder = (index: number) => `${START}${String(index).padStart(3, "0")}${END}`;
/** As long as a real nonce (16 random bytes in base64), made of characters no escaping changes. */
const NONCE_STAND_IN = crypto.randomBytes(16).toString("base64");
const MAX_HOLES = 999;

const HANDOFF_START = `<script nonce="${NONCE_STAND_IN}">window.__remixContext.streamController.enqueue(`;
const HANDOFF_END = ");</script>";

/** Per key, the template (null: refused, such pages are rendered in full) and when it is made again. */
const templates = new Map<string, Promise<{ template: Template | null; expires: number }>>();

/**
 * The document for this request: from its kind's template when the page allows it (see
 * `templateKey`), else rendered in full by `render`.
 */
export async function renderPage({
  request,
  context,
  language,
  nonce,
  render,
  enabled = true,
}: {
  request: Request;
  context: EntryContext;
  language: string;
  nonce: string;
  render: RenderDocument;
  enabled?: boolean;
}): Promise<{ body: Uint8Array<ArrayBuffer> | string; status: number; fromTemplate: boolean }> {
  const rendered = (renderContext: EntryContext) => render(renderContext, nonce).then((r) => ({ ...r, fromTemplate: false }));
  const holed = enabled ? templateKey(request, context, language) : null;
  const handoff = context.serverHandoffStream;
  if (!holed || !handoff) return rendered(context);
  let forPage = handoff;
  let made = templates.get(holed.key);
  if (made === undefined || (await made).expires < Date.now()) {
    let forTemplate: ReadableStream<Uint8Array>;
    [forTemplate, forPage] = handoff.tee();
    if (templates.size >= TEMPLATES_MAX) templates.clear();
    const holedContext: EntryContext = {
      ...context,
      staticHandlerContext: { ...context.staticHandlerContext, loaderData: holed.loaderData },
      serverHandoffStream: forTemplate,
      // Remix keeps what a render has done here (its scripts, the handoff it has read): a render's own.
      renderMeta: {},
    };
    const expires = Date.now() + TEMPLATE_TTL_MS;
    made = render(holedContext, NONCE_STAND_IN).then(
      (rendered) => ({
        template: rendered.status === 200 ? compile(new TextDecoder().decode(rendered.body), holed.texts.length) : null,
        expires,
      }),
      () => ({ template: null, expires }),
    );
    templates.set(holed.key, made);
  }
  const { template } = await made;
  if (!template) return rendered({ ...context, serverHandoffStream: forPage, renderMeta: {} });
  return { body: fill(template, holed.texts, nonce, await readHandoff(forPage)), status: 200, fromTemplate: true };
}

/**
 * A route whose page may be served from a template says so in its `handle` (`pageTemplate: true`).
 * What the page's render depends on, with the guests' texts as placeholders; null when the page
 * is not one to serve from a template: not a plain GET of a page whose route allows it, answered
 * 200, with data only (no action's answer, no error) of plain values.
 */
export function templateKey(
  request: Request,
  context: EntryContext,
  language: string,
): { key: string; loaderData: Record<string, unknown>; texts: string[] } | null {
  const handlerContext = context.staticHandlerContext;
  if (request.method !== "GET" || handlerContext.statusCode !== 200) return null;
  if (handlerContext.actionData != null || handlerContext.errors != null) return null;
  const allowed = handlerContext.matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as { pageTemplate?: boolean } | undefined)?.pageTemplate === true,
  );
  if (!allowed || !isPlainData(handlerContext.loaderData)) return null;

  const texts: string[] = [];
  const indexOf = new Map<string, number>();
  let refused = false;
  const hole = (text: string) => {
    // React writes a leading newline of a <textarea>'s text twice; such a text is left to it.
    if (text === "" || text.startsWith("\n") || text.startsWith("\r")) {
      if (text !== "") refused = true;
      return text;
    }
    let index = indexOf.get(text);
    if (index === undefined) {
      index = texts.length;
      if (index >= MAX_HOLES) refused = true;
      indexOf.set(text, index);
      texts.push(text);
    }
    return placeholder(index);
  };
  const loaderData: Record<string, unknown> = {};
  for (const [routeId, data] of Object.entries(handlerContext.loaderData)) {
    const invitation = (data as { invitation?: unknown } | null)?.invitation;
    loaderData[routeId] =
      invitation && typeof invitation === "object"
        ? { ...(data as object), invitation: mapGuestTexts(invitation as Parameters<typeof mapGuestTexts>[0], hole) }
        : data;
  }
  if (refused) return null;
  return { key: JSON.stringify([request.url, language, loaderData]), loaderData, texts };
}

/** Only objects, arrays and plain values: what JSON keeps whole, so that the key says everything. */
function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === "string" || type === "boolean") return true;
  if (type === "number") return Number.isFinite(value);
  if (type !== "object" || depth > 20) return false;
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as object).every((item) => isPlainData(item, depth + 1));
}

/** Cuts a rendered template into literal parts and holes; null when a placeholder was not written whole. */
export function compile(html: string, textCount: number): Template | null {
  const handoffAt = html.indexOf(HANDOFF_START);
  if (handoffAt < 0 || html.indexOf(HANDOFF_START, handoffAt + 1) >= 0) return null;
  const argumentAt = handoffAt + HANDOFF_START.length;
  const argumentEnd = html.indexOf(HANDOFF_END, argumentAt);
  if (argumentEnd < 0) return null;
  const inHandoff = (at: number) => at >= argumentAt && at < argumentEnd;

  // Every hole by its place: the request's data (replaced whole), its nonce, the guests' texts.
  const found: { at: number; length: number; hole: number }[] = [{ at: argumentAt, length: argumentEnd - argumentAt, hole: HANDOFF }];
  for (let at = html.indexOf(NONCE_STAND_IN); at >= 0; at = html.indexOf(NONCE_STAND_IN, at + 1)) {
    if (!inHandoff(at)) found.push({ at, length: NONCE_STAND_IN.length, hole: NONCE });
  }
  for (const match of html.matchAll(PLACEHOLDER)) {
    if (inHandoff(match.index)) continue;
    // A guest text in a script or a style would not be escaped right.
    if (Number(match[1]) >= textCount || insideScriptOrStyle(html, match.index)) return null;
    found.push({ at: match.index, length: match[0].length, hole: Number(match[1]) });
  }
  found.sort((a, b) => a.at - b.at);

  const parts: string[] = [];
  let last = 0;
  for (const { at, length } of found) {
    parts.push(html.slice(last, at));
    last = at + length;
  }
  parts.push(html.slice(last));
  // A placeholder cut short or changed (only whole ones are holes) leaves a run of its digits.
  const rest = parts.join("");
  if (rest.includes(START.slice(0, 6)) || rest.includes(END.slice(-6))) return null;
  return { parts, holes: found.map((f) => f.hole) };
}

/** Whether `at` in the HTML is inside a <script> or <style> element. */
function insideScriptOrStyle(html: string, at: number): boolean {
  const open = Math.max(html.lastIndexOf("<script", at), html.lastIndexOf("<style", at));
  const close = Math.max(html.lastIndexOf("</script>", at), html.lastIndexOf("</style>", at));
  return open >= 0 && close < open;
}

/** The page for one request: the template's parts with this guest's texts, nonce and data. */
export function fill(template: Template, texts: readonly string[], nonce: string, handoff: string): string {
  let html = template.parts[0];
  for (let i = 0; i < template.holes.length; i++) {
    const hole = template.holes[i];
    html += hole === NONCE ? nonce : hole === HANDOFF ? escapeScriptText(JSON.stringify(handoff)) : escapeHtml(texts[hole]);
    html += template.parts[i + 1];
  }
  return html;
}

async function readHandoff(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** As React escapes a text or an attribute's value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
/** As Remix escapes the data it writes into its inline script (@remix-run/react's escapeHtml). */
function escapeScriptText(text: string): string {
  return text.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]);
}

/** The nonce a template is rendered with (tests make their own templates with it). */
export const TEMPLATE_NONCE = NONCE_STAND_IN;

/** Forgets every template (tests; and each change of the couple's content). */
export function forgetTemplates(): void {
  templates.clear();
}
// A template holds the couple's texts as they were when it was made (its key names the loaders'
// data, not every text the render read): a change of 'Contenido' or Multimedia starts them all again.
onFreshChange(forgetTemplates);
