import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { compile, escapeHtml, fill, forgetTemplates, renderPage, TEMPLATE_NONCE, templateKey, type RenderDocument } from "~/infra/page-template.server";

/**
 * A guest's page from its kind's template (docs/decisions/0019-*), with a stand-in for Remix's
 * render: it writes the page's data the way the confirm page does (a heading, an input's value, a
 * <textarea>) and the handoff script Remix writes, and counts its renders.
 */
interface Invitation {
  code: string;
  primaryGuest: string;
  maxGuests: number;
  status: string;
  message: string | null;
  guests: { id: number; fullName: string; dietary: string | null }[];
}

function contextFor(invitation: Invitation, options: { method?: string; statusCode?: number; actionData?: unknown; handle?: unknown; extra?: unknown } = {}) {
  const loaderData = {
    root: { lang: "es", invitation: { ...invitation } },
    "routes/confirm": { invitation: { ...invitation, code: undefined }, extra: options.extra },
  };
  const encoded = JSON.stringify(loaderData);
  const context = {
    staticHandlerContext: {
      statusCode: options.statusCode ?? 200,
      actionData: options.actionData ?? null,
      errors: null,
      loaderData,
      matches: [{ route: { id: "root" } }, { route: { id: "routes/confirm" } }],
    },
    routeModules: { root: {}, "routes/confirm": { handle: options.handle ?? { pageTemplate: true } } },
    serverHandoffStream: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(encoded));
        controller.close();
      },
    }),
    renderMeta: {},
  } as unknown as EntryContext;
  const request = new Request("http://boda.test/confirm", { method: options.method ?? "GET" });
  return { context, request, encoded };
}

let renders = 0;
const render: RenderDocument = async (context, nonce) => {
  renders++;
  const data = context.staticHandlerContext.loaderData["routes/confirm"] as { invitation: Invitation };
  const { invitation } = data;
  const reader = context.serverHandoffStream!.getReader();
  let handoff = "";
  for (let r = await reader.read(); !r.done; r = await reader.read()) handoff += new TextDecoder().decode(r.value);
  const esc = escapeHtml;
  const html =
    `<html><head><script nonce="${nonce}">var theme = 1;</script></head><body>` +
    `<h1>Hola, ${esc(invitation.primaryGuest)}</h1>` +
    invitation.guests.map((g) => `<input value="${esc(g.fullName)}"/>`).join("") +
    (invitation.message ? `<textarea>${esc(invitation.message)}</textarea>` : "") +
    `<script nonce="${nonce}">window.__remixContext.streamController.enqueue(${JSON.stringify(handoff).replace(/</g, "\\u003c")});</script>` +
    `</body></html>`;
  return { body: new Uint8Array(Buffer.from(html)), status: 200 };
};

const ana: Invitation = { code: "ANA234", primaryGuest: `Ana <b>"&'`, maxGuests: 2, status: "pending", message: null, guests: [] };
const luis: Invitation = { ...ana, code: "LUI567", primaryGuest: "Luis Pérez" };

afterEach(() => {
  forgetTemplates();
  renders = 0;
});

async function page(invitation: Invitation, nonce = "bm9uY2Utb25l", options: Parameters<typeof contextFor>[1] = {}) {
  const { context, request, encoded } = contextFor(invitation, options);
  const result = await renderPage({ request, context, language: "es", nonce, render });
  const html = typeof result.body === "string" ? result.body : Buffer.from(result.body).toString("utf8");
  return { html, fromTemplate: result.fromTemplate, encoded };
}

describe("a guest's page from its kind's template", () => {
  it("renders a kind once, and gives each guest their own texts, escaped, their own data and their own nonce", async () => {
    const first = await page(ana, "Tk9OQ0UtMQ==");
    const second = await page(luis, "Tk9OQ0UtMg==");
    expect(renders).toBe(1);
    expect(second.fromTemplate).toBe(true);
    expect(first.html).toContain("<h1>Hola, Ana &lt;b&gt;&quot;&amp;&#x27;</h1>");
    expect(second.html).toContain("<h1>Hola, Luis Pérez</h1>");
    expect(second.html).not.toContain("Ana");
    expect(second.html).toContain('<script nonce="Tk9OQ0UtMg==">var theme');
    expect(second.html).not.toContain("Tk9OQ0UtMQ==");
    // The data the browser hydrates from is the request's own, escaped as Remix escapes it.
    expect(second.html).toContain(`enqueue(${JSON.stringify(second.encoded).replace(/</g, "\\u003c")});`);
    // What the full render writes for the same guest.
    const full = await render(contextFor(luis).context, "Tk9OQ0UtMg==");
    expect(second.html).toBe(Buffer.from(full.body).toString("utf8"));
  });

  it("makes another template for another kind: a count, an answer, guests, a message, an empty text", async () => {
    await page(ana);
    await page({ ...ana, maxGuests: 3 });
    await page({ ...ana, status: "confirmed" });
    await page({ ...ana, guests: [{ id: 1, fullName: "Carla", dietary: null }] });
    await page({ ...ana, message: "Felicidades" });
    await page({ ...ana, primaryGuest: "" });
    expect(renders).toBe(6);
    const withGuests = await page({ ...ana, guests: [{ id: 1, fullName: "Otra </textarea> Persona", dietary: null }] });
    expect(renders).toBe(6);
    expect(withGuests.html).toContain('<input value="Otra &lt;/textarea&gt; Persona"/>');
  });

  it("serves from a template only a plain GET of a page that allows it, answered 200 without an action's answer", async () => {
    for (const options of [{ method: "POST" }, { statusCode: 404 }, { actionData: { outcome: "confirmed" } }, { handle: {} }, { extra: new Date() }]) {
      const { context, request } = contextFor(ana, options);
      expect(templateKey(request, context, "es"), JSON.stringify(options)).toBeNull();
      expect((await page(ana, undefined, options)).fromTemplate).toBe(false);
    }
  });

  it("leaves a text starting with a line break to the full render (React writes it twice in a <textarea>)", async () => {
    const { context, request } = contextFor({ ...ana, message: "\nhola" });
    expect(templateKey(request, context, "es")).toBeNull();
  });

  it("gives equal texts one hole, and the key says nothing of the guest's own texts", () => {
    const a = contextFor({ ...ana, guests: [{ id: 1, fullName: ana.primaryGuest, dietary: null }] });
    const b = contextFor({ ...luis, guests: [{ id: 1, fullName: luis.primaryGuest, dietary: null }] });
    const keyA = templateKey(a.request, a.context, "es")!;
    const keyB = templateKey(b.request, b.context, "es")!;
    expect(keyA.texts).toEqual([ana.code, ana.primaryGuest]);
    expect(keyA.key).toBe(keyB.key);
    expect(keyA.key).not.toContain("Ana");
    expect(templateKey(a.request, a.context, "en")!.key).not.toBe(keyA.key);
  });

  it("refuses a template where a text was not written whole, or was written into a script or a style", () => {
    const { context, request } = contextFor(ana);
    const { loaderData } = templateKey(request, context, "es")!;
    const hole = (loaderData.root as { invitation: Invitation }).invitation.primaryGuest;
    const handoff = `<script nonce="${TEMPLATE_NONCE}">window.__remixContext.streamController.enqueue("x");</script>`;
    const page = (body: string) => `<html><body>${body}${handoff}</body></html>`;
    expect(compile(page(`<h1>${hole}</h1>`), 2)).not.toBeNull();
    expect(compile(page(`<h1>${hole.slice(0, 15)}</h1>`), 2)).toBeNull();
    expect(compile(page(`<h1>${hole.slice(8)}</h1>`), 2)).toBeNull();
    expect(compile(page(`<script>var name = "${hole}";</script>`), 2)).toBeNull();
    expect(compile(page(`<style>.x::after { content: "${hole}" }</style>`), 2)).toBeNull();
    // Without Remix's handoff script there is no place for the request's own data.
    expect(compile(`<h1>${hole}</h1>`, 2)).toBeNull();
    const template = compile(page(`<h1>${hole}</h1><p title="${hole}">x</p>`), 2)!;
    expect(fill(template, ["ANA234", "<Ana & 'Luis'>"], "bm9uY2U=", "[1]")).toBe(
      `<html><body><h1>&lt;Ana &amp; &#x27;Luis&#x27;&gt;</h1><p title="&lt;Ana &amp; &#x27;Luis&#x27;&gt;">x</p><script nonce="bm9uY2U=">window.__remixContext.streamController.enqueue("[1]");</script></body></html>`,
    );
  });
});
