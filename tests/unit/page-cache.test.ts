import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import compression from "compression";
import express, { type Request, type Response } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { edge } from "~/http/edge.server";
import { createPageCache } from "../../server/page-cache.mjs";

/**
 * The page micro-cache in front of a stand-in for Remix: an Express app that renders a page
 * with the request's nonce in its HTML and CSP header, counts renders, and can be told to be slow.
 */
interface Rig {
  base: string;
  renders: () => number;
  clock: { t: number };
  release: () => void;
  holdNextRender: () => void;
}

let server: Server | undefined;
afterEach(() => server?.close());

// Stands in for the app's resolution (server.mjs asks the build): a lng cookie, else Accept-Language, else es.
async function languageOf(req: Request) {
  const saved = /(?:^|;\s*)lng=(\w+)/.exec(req.get("cookie") ?? "")?.[1];
  return saved ?? (/^en\b/i.test(req.get("accept-language") ?? "") ? "en" : "es");
}

async function rig(
  options: { ttlMs?: number; variantOf?: (req: Request) => Promise<string>; onInvalidate?: () => void } = {},
): Promise<Rig & { cache: ReturnType<typeof createPageCache> }> {
  const clock = { t: 1_000_000 };
  const cache = createPageCache({
    personalCookies: edge.cookies.personal,
    ttlMs: options.ttlMs ?? 1000,
    now: () => clock.t,
    variantOf: options.variantOf ?? languageOf,
    onInvalidate: options.onInvalidate,
  });
  let renders = 0;
  let gate: Promise<void> | undefined;
  let open = () => {};
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(compression());
  app.all("*", cache.middleware, async (req: Request, res: Response) => {
    if (req.method !== "GET") return res.status(req.path === "/refused" ? 403 : req.path === "/redirect" ? 302 : 204).end();
    renders++;
    const held = gate;
    gate = undefined;
    if (held) await held;
    // The app sends a page it kept whole, with that page's own nonce (server.mjs's useCspNonce).
    if (req.path === "/kept") res.locals.cspNonce = "S2VwdEJ5VGhlQXBw";
    const nonce = res.locals.cspNonce as string;
    if (req.path === "/cookie") res.setHeader("Set-Cookie", "a=b");
    if (req.path === "/json") return res.json({ renders });
    if (req.path === "/missing") return res.status(404).type("html").send(`<p>404 render ${renders}</p>`);
    if (req.path === "/broken") return res.status(500).type("html").send("<p>500</p>");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
    res.type("html");
    res.write(`<!doctype html><p>render ${renders} of ${req.originalUrl} for ${req.get("cookie") ?? "nobody"}</p>`);
    // Past compression's 1 KB threshold.
    res.end(`<script nonce="${nonce}">1</script>${"<p>padding</p>".repeat(100)}`);
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    cache,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders: () => renders,
    clock,
    holdNextRender: () => {
      gate = new Promise((r) => (open = r));
    },
    release: () => open(),
  };
}

const nonceIn = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

describe("page variants: keyed on what the app resolves, never the raw cookies", () => {
  // The app's own resolution, as server.mjs uses it: the language (lng cookie, else Accept-Language,
  // else Spanish) and the theme cookie.
  const appVariant = async (req: Request) => {
    const headers = { cookie: req.get("cookie"), acceptLanguage: req.get("accept-language") };
    return `${await edge.language(headers)} ${await edge.theme(headers)}`;
  };

  // The app's cookies as it sets them (Remix's encoding: base64 of the JSON value).
  const saved = (value: string) => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"));
  const [en, es, xx, dark, light] = [saved("en"), saved("es"), saved("xx"), saved("dark"), saved("light")];

  it("distinct visitors whose cookies do not change the page share one entry per language and theme", async () => {
    const r = await rig({ variantOf: appVariant });
    const visitors: Record<string, string>[] = [
      { Cookie: `_ga=GA1.1.1; lng=${en}; theme=${dark}` },
      { Cookie: `_ga=GA1.1.2; lng=${en}; theme=${dark}; _fbp=fb.1` },
      { Cookie: `theme=${dark}; _ga=GA1.1.3`, "Accept-Language": "en-US,en;q=0.9" },
      { Cookie: `_ga=GA1.1.4; lng=${es}; theme=${dark}` },
      { Cookie: `_ga=GA1.1.5; lng=${xx}; theme=${dark}` },
      { Cookie: `_ga=GA1.1.6; lng=${en}; theme=${light}` },
      { Cookie: `_ga=GA1.1.7; lng=${en}` },
    ];
    const seen: string[] = [];
    for (const headers of visitors) {
      const res = await fetch(`${r.base}/`, { headers });
      seen.push(`${res.headers.get("x-page-cache") ?? "render"}: ${/render \d+/.exec(await res.text())?.[0]}`);
    }
    expect(seen).toEqual([
      "render: render 1", // en dark
      "hit: render 1", // another analytics cookie: the same page
      "hit: render 1", // English from the browser, dark
      "render: render 2", // es dark
      "hit: render 2", // an unknown language is Spanish
      "render: render 3", // en light
      "render: render 4", // en, following the system's theme
    ]);
  });

  it("a guest's invitation cookie (or the admin's, or a toast) never shares an entry, whatever else it carries", async () => {
    const r = await rig({ variantOf: appVariant });
    await (await fetch(`${r.base}/confirm`, { headers: { Cookie: "lng=es" } })).text();
    for (const cookie of ["lng=es; wedding_invitation=ana.sig", "lng=es; wedding_invitation=luis.sig", "wedding_admin=x; lng=es", "lng=es; wedding_flash=t"]) {
      const res = await fetch(`${r.base}/confirm`, { headers: { Cookie: cookie } });
      expect(res.headers.get("x-page-cache"), cookie).toBeNull();
      expect(await res.text(), cookie).toContain(`for ${cookie}`);
    }
    // The first guest again: rendered for them, not the other guest's page.
    const again = await fetch(`${r.base}/confirm`, { headers: { Cookie: "lng=es; wedding_invitation=ana.sig" } });
    expect(await again.text()).toContain("for lng=es; wedding_invitation=ana.sig");
    expect(r.renders()).toBe(6);
  });
});

describe("page caches of several workers", () => {
  it("a successful write tells the other workers once; a write they saw empties this one without telling again", async () => {
    let told = 0;
    const r = await rig({ onInvalidate: () => told++ });
    await (await fetch(`${r.base}/`)).text();
    await (await fetch(`${r.base}/refused`, { method: "POST" })).text();
    expect(told).toBe(0);
    await (await fetch(`${r.base}/`, { method: "POST" })).text();
    expect(told).toBe(1);
    await (await fetch(`${r.base}/`)).text();
    expect((await fetch(`${r.base}/`)).headers.get("x-page-cache")).toBe("hit");
    r.cache.invalidate({ fromPeer: true });
    expect(told).toBe(1);
    const after = await fetch(`${r.base}/`);
    expect(after.headers.get("x-page-cache")).toBeNull();
    expect(await after.text()).toContain("render 3");
  });
});

describe("page micro-cache", () => {
  it("serves a page asked for again within the TTL from memory, with a fresh nonce in the HTML and the CSP", async () => {
    const r = await rig();
    const first = await fetch(`${r.base}/`);
    const firstHtml = await first.text();
    const second = await fetch(`${r.base}/`);
    const secondHtml = await second.text();
    expect(r.renders()).toBe(1);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(secondHtml.replace(nonceIn(secondHtml)!, "N")).toBe(firstHtml.replace(nonceIn(firstHtml)!, "N"));
    expect(nonceIn(secondHtml)).not.toBe(nonceIn(firstHtml));
    expect(second.headers.get("content-security-policy")).toBe(`script-src 'nonce-${nonceIn(secondHtml)}'`);
    // A page the app sent with another nonce than the request's (a kept guest page's own) is kept
    // with that one, so each later visitor still gets a fresh nonce in the HTML and the CSP.
    // Read whole: a page is kept once it has been sent, and one still being sent is rendered again.
    await (await fetch(`${r.base}/kept`)).text();
    const kept = await fetch(`${r.base}/kept`);
    const keptHtml = await kept.text();
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    expect(nonceIn(keptHtml)).not.toBe("S2VwdEJ5VGhlQXBw");
    expect(kept.headers.get("content-security-policy")).toBe(`script-src 'nonce-${nonceIn(keptHtml)}'`);
    // Compressed for a client that asks, from the same stored page.
    const gz = await fetch(`${r.base}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toContain("render 1 of /");
  });

  it("renders again after the TTL, and keeps different URLs and resolved languages apart", async () => {
    const r = await rig();
    await (await fetch(`${r.base}/`)).text();
    expect(await (await fetch(`${r.base}/?x=1`)).text()).toContain("render 2 of /?x=1");
    expect(await (await fetch(`${r.base}/`, { headers: { "Accept-Language": "en" } })).text()).toContain("render 3 of /");
    // The same language said another way is the same page: the key is what the app resolves.
    const saved = await fetch(`${r.base}/`, { headers: { Cookie: "lng=en" } });
    expect(saved.headers.get("x-page-cache")).toBe("hit");
    expect(await saved.text()).toContain("render 3 of /");
    expect(r.renders()).toBe(3);
    r.clock.t += 1001;
    expect(await (await fetch(`${r.base}/`)).text()).toContain("render 4 of /");
  });

  it("serves and keeps pages only for visitors without a personal cookie; other cookies do not matter", async () => {
    const r = await rig();
    await (await fetch(`${r.base}/`)).text();
    const other = await fetch(`${r.base}/`, { headers: { Cookie: "_ga=GA1.1; theme=x" } });
    expect(other.headers.get("x-page-cache")).toBe("hit");
    await other.text();
    for (const cookie of ["wedding_invitation=abc.sig", "a=1; wedding_admin=s", "wedding_flash=t; lng=en"]) {
      for (let i = 0; i < 2; i++) {
        const own = await fetch(`${r.base}/`, { headers: { Cookie: cookie } });
        expect(own.headers.get("x-page-cache"), cookie).toBeNull();
        expect(await own.text()).toContain(`for ${cookie}`);
      }
    }
    expect(r.renders()).toBe(7);
  });

  it("keeps the not-found page (404) like any page: it is the same for every visitor", async () => {
    const r = await rig();
    const first = await fetch(`${r.base}/missing`);
    expect(first.status).toBe(404);
    expect(await first.text()).toContain("404 render 1");
    const again = await fetch(`${r.base}/missing`, { headers: { Cookie: "_ga=GA1.2.3" } });
    expect(again.status).toBe(404);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toContain("404 render 1");
  });

  it("never keeps answers with Set-Cookie, errors, JSON, admin pages, or anything when the TTL is 0", async () => {
    const r = await rig();
    for (const path of ["/cookie", "/broken", "/json", "/admin", "/admin?tab=invitations", "/ADMIN", "/Admin/print", "/API/things"]) {
      await (await fetch(`${r.base}${path}`)).text();
      const again = await fetch(`${r.base}${path}`);
      await again.text();
      expect(again.headers.get("x-page-cache"), path).toBeNull();
    }
    expect(r.renders()).toBe(16);
    server?.close();
    const off = await rig({ ttlMs: 0 });
    await (await fetch(`${off.base}/`)).text();
    await (await fetch(`${off.base}/`)).text();
    expect(off.renders()).toBe(2);
  });

  it("a successful write (a form post, an API change) empties it before its answer, so the next page shows the change", async () => {
    const r = await rig();
    await (await fetch(`${r.base}/`)).text();
    for (const [method, path] of [
      ["POST", "/anything"],
      ["PUT", "/anything"],
      ["DELETE", "/anything"],
      ["PATCH", "/anything"],
      ["POST", "/redirect"],
    ]) {
      await fetch(`${r.base}${path}`, { method, redirect: "manual" });
      const after = await fetch(`${r.base}/`);
      await after.text();
      expect(after.headers.get("x-page-cache"), method).toBeNull();
    }
    expect(r.renders()).toBe(6);
  });

  it("a refused write (4xx) empties nothing: nobody can clear it with requests that change nothing", async () => {
    const r = await rig();
    await (await fetch(`${r.base}/`)).text();
    for (const method of ["POST", "PUT", "DELETE"]) {
      expect((await fetch(`${r.base}/refused`, { method })).status).toBe(403);
      const after = await fetch(`${r.base}/`);
      await after.text();
      expect(after.headers.get("x-page-cache"), method).toBe("hit");
    }
    expect(r.renders()).toBe(1);
  });

  it("a page rendered while a write was under way is not kept", async () => {
    const r = await rig();
    r.holdNextRender();
    const slow = fetch(`${r.base}/`).then((res) => res.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await fetch(`${r.base}/form`, { method: "POST" });
    r.release();
    await slow;
    const next = await fetch(`${r.base}/`);
    expect(await next.text()).toContain("render 2 of /");
  });

  it("when a page expires, one request renders it while the others get the page just expired", async () => {
    const r = await rig();
    await (await fetch(`${r.base}/`)).text();
    r.clock.t += 1500;
    r.holdNextRender();
    const refreshing = fetch(`${r.base}/`).then((res) => res.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await Promise.all(Array.from({ length: 5 }, () => fetch(`${r.base}/`).then((res) => res.text())));
    expect(during.every((html) => html.includes("render 1 of /"))).toBe(true);
    r.release();
    expect(await refreshing).toContain("render 2 of /");
    expect(await (await fetch(`${r.base}/`)).text()).toContain("render 2 of /");
    expect(r.renders()).toBe(2);
    // Never older than a few seconds, even while a render is stuck.
    r.clock.t += 1500;
    r.holdNextRender();
    const stuck = fetch(`${r.base}/`).then((res) => res.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    r.clock.t += 10_000;
    expect(await (await fetch(`${r.base}/`)).text()).toContain("render 4 of /");
    r.release();
    await stuck;
  });
});
