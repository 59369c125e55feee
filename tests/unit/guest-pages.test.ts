import type { EntryContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { PageStore } from "~/infra/page-store.server";

// The news of a change of the couple's content, as the guest pages hear it.
const content = vi.hoisted(() => ({ listeners: [] as (() => void)[] }));
vi.mock("~/infra/freshness.server", () => ({
  onFreshChange: (listener: () => void) => {
    content.listeners.push(listener);
    return () => {};
  },
}));
const { guestPageKey, guestPages } = await import("~/http/guest-pages.server");

const page = (text: string, nonce = "bm9uY2U=") => ({ body: new Uint8Array(Buffer.from(text)), nonce });

describe("PageStore: whole pages, bounded", () => {
  it("keeps at most maxEntries pages, letting the least recently used go first", () => {
    const store = new PageStore({ maxEntries: 2, maxBytes: 1000, ttlMs: 60_000 });
    store.set("a", page("A"), store.generation());
    store.set("b", page("B"), store.generation());
    expect(store.get("a")).toBeDefined(); // a is now the most recently used
    store.set("c", page("C"), store.generation());
    expect(store.get("b")).toBeUndefined();
    expect(Buffer.from(store.get("a")!.body).toString()).toBe("A");
    expect(Buffer.from(store.get("c")!.body).toString()).toBe("C");
    expect(store.size).toBe(2);
  });

  it("keeps at most maxBytes of pages, and never a page larger than that", () => {
    const store = new PageStore({ maxEntries: 100, maxBytes: 10, ttlMs: 60_000 });
    store.set("a", page("aaaa"), store.generation());
    store.set("b", page("bbbb"), store.generation());
    store.set("c", page("cccc"), store.generation());
    expect(store.get("a")).toBeUndefined();
    expect(store.bytes).toBe(8);
    store.set("huge", page("x".repeat(11)), store.generation());
    expect(store.get("huge")).toBeUndefined();
    expect(store.get("b")).toBeDefined();
    store.set("b", page("bb"), store.generation()); // replaced, counted once
    expect(store.bytes).toBe(6);
  });

  it("serves a page for ttlMs at most", () => {
    let now = 1_000;
    const store = new PageStore({ maxEntries: 10, maxBytes: 1000, ttlMs: 500, now: () => now });
    store.set("a", page("A"), store.generation());
    now += 499;
    expect(store.get("a")).toBeDefined();
    now += 1;
    expect(store.get("a")).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it("does not keep a page whose render overlapped a clear", () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 1000, ttlMs: 60_000 });
    store.set("old", page("old"), store.generation());
    const renderStarted = store.generation();
    store.clear();
    store.set("a", page("A"), renderStarted);
    expect(store.get("a")).toBeUndefined();
    expect(store.get("old")).toBeUndefined();
    store.set("a", page("A"), store.generation());
    expect(store.get("a")).toBeDefined();
  });
});

interface Invitation {
  code: string;
  primaryGuest: string;
  status: string;
  guests: { id: number; fullName: string }[];
}
const ana: Invitation = { code: "ANA234", primaryGuest: "Ana", status: "pending", guests: [] };
const luis: Invitation = { ...ana, code: "LUI567", primaryGuest: "Luis" };

function contextFor(
  invitation: Invitation,
  options: { method?: string; statusCode?: number; actionData?: unknown; errors?: unknown; handle?: unknown; extra?: unknown; theme?: string } = {},
) {
  const loaderData = {
    root: { lang: "es", theme: options.theme ?? null, invitation },
    "routes/confirm": { invitation: { ...invitation, code: undefined }, extra: options.extra ?? null },
  };
  const context = {
    staticHandlerContext: {
      statusCode: options.statusCode ?? 200,
      actionData: options.actionData ?? null,
      errors: options.errors ?? null,
      loaderData,
      matches: [{ route: { id: "root" } }, { route: { id: "routes/confirm" } }],
    },
    routeModules: { root: {}, "routes/confirm": { handle: options.handle ?? { guestPageCache: true } } },
  } as unknown as EntryContext;
  return { context, request: new Request("http://boda.test/confirm", { method: options.method ?? "GET" }) };
}
const keyOf = (invitation: Invitation, options: Parameters<typeof contextFor>[1] = {}, language = "es") => {
  const { context, request } = contextFor(invitation, options);
  return guestPageKey(request, context, language);
};

describe("guestPageKey: everything the page shows", () => {
  it("is the same for the same data, and another for another guest, answer, language, theme or content", () => {
    const key = keyOf(ana);
    expect(key).toEqual(expect.any(String));
    expect(keyOf({ ...ana })).toBe(key);
    const others = [
      keyOf(luis),
      keyOf({ ...ana, status: "confirmed" }),
      keyOf({ ...ana, guests: [{ id: 1, fullName: "Ana" }] }),
      keyOf(ana, {}, "en"),
      keyOf(ana, { theme: "dark" }),
    ];
    for (const listener of content.listeners) listener();
    others.push(keyOf(ana));
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });

  it("is none for what is not a plain page of a route that allows it", () => {
    expect(keyOf(ana, { method: "POST" })).toBeNull();
    expect(keyOf(ana, { statusCode: 404 })).toBeNull();
    expect(keyOf(ana, { actionData: { "routes/confirm": { outcome: "confirmed" } } })).toBeNull();
    expect(keyOf(ana, { errors: { "routes/confirm": new Error("x") } })).toBeNull();
    expect(keyOf(ana, { handle: {} })).toBeNull();
    // What JSON would not keep whole could differ between two requests with one key.
    expect(keyOf(ana, { extra: new Date(0) })).toBeNull();
    expect(keyOf(ana, { extra: Number.NaN })).toBeNull();
    expect(keyOf(ana, { extra: new Map() })).toBeNull();
  });

  it("a change of the couple's content lets every kept guest page go", () => {
    guestPages.set(keyOf(ana)!, page("Ana"), guestPages.generation());
    expect(guestPages.get(keyOf(ana)!)).toBeDefined();
    for (const listener of content.listeners) listener();
    expect(guestPages.get(keyOf(ana)!)).toBeUndefined();
  });
});
