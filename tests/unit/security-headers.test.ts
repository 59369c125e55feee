import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { edge } from "~/http/edge.server";
import { isPrivateAnswer, preferRouteHeaders, securityHeaders } from "../../server/security-headers.mjs";

let server: Server | undefined;
afterEach(() => server?.close());

/** The edge's header middleware in front of a few stand-in routes, as server/main.mjs wires it. */
async function rig(trustProxy: boolean, photoOrigin?: string): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxy ? 1 : false);
  app.use((req, res, next) => {
    res.locals.cspNonce = String(req.headers["x-test-nonce"] ?? "NONCE");
    next();
  });
  const security = securityHeaders({ photoOrigin });
  app.use(security);
  app.use((req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = ((...args: Parameters<typeof writeHead>) => {
      preferRouteHeaders(res);
      if (isPrivateAnswer(req, res, edge.cookies.invitation)) res.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(res, args);
    }) as typeof writeHead;
    next();
  });
  app.get("/photo", (_req, res) => {
    // What Remix does with a route's own headers: append.
    res.append("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    res.append("Cross-Origin-Resource-Policy", "same-origin");
    res.type("jpeg").send("x");
  });
  // A page the app kept whole goes out with its own nonce (entry.server, through useCspNonce).
  app.get("/kept", (req, res) => {
    security.useNonce(req, res, "S2VwdEJ5VGhlQXBw");
    res.type("html").send("<p>kept</p>");
  });
  app.get("*", (_req, res) => res.type("html").send("<p>page</p>"));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the edge's security headers", () => {
  it("every answer carries them, the CSP with the request's nonce", async () => {
    const base = await rig(false);
    const response = await fetch(`${base}/`);
    const h = response.headers;
    expect(h.get("content-security-policy")).toContain("script-src 'self' 'nonce-NONCE'");
    expect(h.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(h.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(h.get("x-frame-options")).toBe("DENY");
    expect(h.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(h.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()");
    expect(h.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(h.get("origin-agent-cluster")).toBe("?1");
    expect(h.get("x-dns-prefetch-control")).toBe("off");
    expect(h.get("x-download-options")).toBe("noopen");
    expect(h.get("x-permitted-cross-domain-policies")).toBe("none");
    expect(h.get("x-xss-protection")).toBe("0");
    expect(h.get("x-powered-by")).toBeNull();
    expect(h.get("cache-control")).toBeNull();
  });

  it("each answer's CSP names its own nonce, and only it", async () => {
    const base = await rig(false);
    const csp = async (nonce: string) => (await fetch(`${base}/`, { headers: { "x-test-nonce": nonce } })).headers.get("content-security-policy");
    const first = await csp("Zmlyc3Q+bm9uY2U=");
    const second = await csp("c2Vjb25kL25vbmNl");
    expect(first).toContain("script-src 'self' 'nonce-Zmlyc3Q+bm9uY2U=';");
    expect(second).toContain("script-src 'self' 'nonce-c2Vjb25kL25vbmNl';");
    expect(second).not.toContain("Zmlyc3Q");
    expect(first?.replace("Zmlyc3Q+bm9uY2U=", "")).toBe(second?.replace("c2Vjb25kL25vbmNl", ""));
  });

  it("a page sent with another nonce has a CSP naming that nonce, and only it", async () => {
    const base = await rig(false);
    const page = await fetch(`${base}/`, { headers: { "x-test-nonce": "Zmlyc3Q+bm9uY2U=" } });
    const kept = await fetch(`${base}/kept`, { headers: { "x-test-nonce": "Zmlyc3Q+bm9uY2U=" } });
    const csp = kept.headers.get("content-security-policy");
    expect(csp).toContain("script-src 'self' 'nonce-S2VwdEJ5VGhlQXBw';");
    expect(csp).not.toContain("Zmlyc3Q");
    expect(csp?.replace("S2VwdEJ5VGhlQXBw", "")).toBe(page.headers.get("content-security-policy")?.replace("Zmlyc3Q+bm9uY2U=", ""));
  });

  it("images come from this origin only, or also from the photos' public bucket when S3_PUBLIC_URL is set", async () => {
    const own = (await fetch(`${await rig(false)}/`)).headers.get("content-security-policy");
    expect(own).toContain("img-src 'self' data: blob:;");
    server?.close();
    const bucket = (await fetch(`${await rig(false, "https://photos.example.com")}/`)).headers.get("content-security-policy");
    expect(bucket).toContain("img-src 'self' data: blob: https://photos.example.com;");
  });

  it("a route's own header replaces the default instead of being sent beside it", async () => {
    const base = await rig(false);
    const h = (await fetch(`${base}/photo`)).headers;
    expect(h.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(h.get("cross-origin-resource-policy")).toBe("same-origin");
  });

  it("HSTS only over HTTPS as resolved under the proxy setting", async () => {
    const trusted = await rig(true);
    expect((await fetch(`${trusted}/`, { headers: { "X-Forwarded-Proto": "https" } })).headers.get("strict-transport-security")).toBe(
      "max-age=15552000; includeSubDomains",
    );
    expect((await fetch(`${trusted}/`)).headers.get("strict-transport-security")).toBeNull();
    server?.close();
    const untrusted = await rig(false);
    expect((await fetch(`${untrusted}/`, { headers: { "X-Forwarded-Proto": "https" } })).headers.get("strict-transport-security")).toBeNull();
  });

  it("admin answers, and a guest's own pages and data, are private and never stored", async () => {
    const base = await rig(false);
    for (const path of ["/admin", "/ADMIN", "/Admin/print", "/admin.data", "/admin/export.csv"]) {
      expect((await fetch(`${base}${path}`)).headers.get("cache-control"), path).toBe("private, no-store");
    }
    const guest = { Cookie: "lng=x; wedding_invitation=abc.sig" };
    for (const path of ["/confirm", "/CONFIRM", "/confirm.data", "/_root.data", "/confirm?_data=routes%2Fconfirm", "/"]) {
      expect((await fetch(`${base}${path}`, { headers: guest })).headers.get("cache-control"), path).toBe("private, no-store");
    }
    expect((await fetch(`${base}/confirm`)).headers.get("cache-control")).toBeNull();
    expect((await fetch(`${base}/photo`, { headers: guest })).headers.get("cache-control")).toBeNull();
  });
});
