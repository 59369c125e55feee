import { describe, expect, it } from "vitest";
import { clientIp, clientKey, isCrossOrigin, isCrossSiteRequest } from "~/http/request.server";

const site = "https://boda.example";

describe("the one origin check for writes (server.mjs and every action use it)", () => {
  it("follows the browser's Sec-Fetch-Site when it is sent", () => {
    expect(isCrossSiteRequest("same-origin", null, site)).toBe(false);
    expect(isCrossSiteRequest("none", null, site)).toBe(false);
    expect(isCrossSiteRequest("cross-site", null, site)).toBe(true);
    // A sibling subdomain is another origin: it may not post here either.
    expect(isCrossSiteRequest("same-site", null, site)).toBe(true);
    expect(isCrossSiteRequest("Cross-Site", null, site)).toBe(true);
    // The browser's verdict wins over an Origin that looks like ours.
    expect(isCrossSiteRequest("cross-site", site, site)).toBe(true);
  });

  it("without Sec-Fetch-Site, compares Origin with the site's own origin (scheme, host and port)", () => {
    expect(isCrossSiteRequest(null, "https://boda.example", site)).toBe(false);
    expect(isCrossSiteRequest(undefined, "https://boda.example", "https://boda.example/")).toBe(false);
    expect(isCrossSiteRequest(null, "https://evil.example", site)).toBe(true);
    expect(isCrossSiteRequest(null, "http://boda.example", site)).toBe(true);
    expect(isCrossSiteRequest(null, "https://boda.example:8443", site)).toBe(true);
    expect(isCrossSiteRequest(null, "null", site)).toBe(true);
    expect(isCrossSiteRequest(null, "not a url", site)).toBe(true);
  });

  it("lets a request with neither header through (curl, another server: no browser cookies)", () => {
    expect(isCrossSiteRequest(null, null, site)).toBe(false);
    expect(isCrossSiteRequest("", "", site)).toBe(false);
  });

  it("for a Remix request, uses the origin server.mjs resolved, never a forwarded host of its own", () => {
    const forged = new Request("http://boda.example/confirm", {
      method: "POST",
      headers: { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
    });
    expect(isCrossOrigin(forged)).toBe(true);
    expect(isCrossOrigin(forged, { origin: "http://boda.example" })).toBe(true);
    const behindProxy = new Request("http://127.0.0.1:3000/confirm", { method: "POST", headers: { Origin: "https://boda.example" } });
    expect(isCrossOrigin(behindProxy, { origin: "https://boda.example" })).toBe(false);
    expect(isCrossOrigin(behindProxy)).toBe(true);
  });
});

describe("the client key of the rate limits and the ZIP downloads", () => {
  it("counts an IPv6 client by its /64 network, whatever the low 64 bits and however it is written", () => {
    const key = clientKey("2001:db8:0:12::1");
    expect(key).toBe("2001:db8:0:12::/64");
    for (const same of ["2001:db8:0:12:ffff:ffff:ffff:ffff", "2001:0DB8:0000:0012:1:2:3:4", "[2001:db8:0:12::9]", "2001:db8::12:0:0:0:7"]) {
      expect(clientKey(same), same).toBe(key);
    }
    expect(clientKey("2001:db8:0:13::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4, and leaves IPv4 and anything else as given", () => {
    expect(clientKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("::FFFF:c000:207")).toBe("192.0.2.7");
    expect(clientKey("192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("unknown")).toBe("unknown");
  });

  it("is what the app reads from the load context", () => {
    expect(clientIp({ clientIp: "2001:db8:aa:bb:1:2:3:4" })).toBe("2001:db8:aa:bb::/64");
    expect(clientIp({ clientIp: "::ffff:198.51.100.3" })).toBe("198.51.100.3");
    expect(clientIp(undefined)).toBe("unknown");
  });
});
