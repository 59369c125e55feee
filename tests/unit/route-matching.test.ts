import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { loadRouterWithMatching, memoizedMatchRoutes, rememberRouteMatching } from "../../server/route-matching.mjs";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string>; pathname: string; pathnameBase: string; route: Route };
const router = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: ((routes: Route[], location: string | { pathname: string }, basename?: string) => Match[] | null) & { memoized?: boolean };
};
const original = router.matchRoutes;

/** A tree shaped like the site's: a root, an index, pages, params, a splat; made anew per call, as Remix does per render. */
const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "routes/_index", index: true },
      { id: "routes/confirm", path: "confirm" },
      { id: "routes/gallery", path: "gallery" },
      { id: "routes/gallery_.$id[.]zip", path: "gallery/:id.zip" },
      { id: "routes/admin", path: "admin" },
      { id: "routes/admin_.print", path: "admin/print" },
      { id: "routes/i.$code", path: "i/:code" },
      { id: "routes/api.invitations.$code", path: "api/invitations/:code" },
      { id: "routes/uploads.$", path: "uploads/*" },
      { id: "routes/404", path: "404" },
      { id: "routes/$", path: "*" },
    ],
  },
];
const PATHS = [
  "/",
  "/confirm",
  "/gallery",
  "/gallery/3.zip",
  "/admin",
  "/ADMIN/print",
  "/i/ABC123",
  "/api/invitations/XYZ",
  "/uploads/1/a.jpg",
  "/404",
  "/nope/deeper",
  "/confirm?x=1",
];
const plain = (matches: Match[] | null) => matches?.map((m) => ({ params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase, id: m.route.id }));

describe("route matching, remembered", () => {
  it("answers exactly as React Router does, for every path, first and later times", () => {
    const matchRoutes = memoizedMatchRoutes(original);
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) {
        expect(plain(matchRoutes(tree(), path)), `${path} (round ${round})`).toEqual(plain(original(tree(), path)));
        expect(plain(matchRoutes(tree(), { pathname: path.split("?")[0] }))).toEqual(plain(original(tree(), { pathname: path.split("?")[0] })));
      }
    }
    expect(matchRoutes(tree(), "/i/ABC", "/other")).toBeNull();
  });

  it("matches once per path and tree shape, handing out the caller's own route objects and fresh params", () => {
    const spy = vi.fn(original);
    const matchRoutes = memoizedMatchRoutes(spy);
    const first = tree();
    const second = tree();
    const a = matchRoutes(first, "/i/ABC123")!;
    const b = matchRoutes(second, "/i/ABC123")!;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(b.at(-1)!.route).toBe(second[0].children![6]);
    expect(b[0].route).toBe(second[0]);
    expect(b[0].params).toBe(b[1].params);
    b[1].params.code = "changed";
    expect(matchRoutes(tree(), "/i/ABC123")!.at(-1)!.params).toEqual({ code: "ABC123" });
    expect(a.at(-1)!.params).toEqual({ code: "ABC123" });
  });

  it("a tree of another shape is matched on its own", () => {
    const matchRoutes = memoizedMatchRoutes(original);
    expect(matchRoutes(tree(), "/gallery")!.at(-1)!.route.id).toBe("routes/gallery");
    const other = tree();
    other[0].children![2].path = "galeria";
    expect(matchRoutes(other, "/gallery")!.at(-1)!.route.id).toBe("routes/$");
    expect(matchRoutes(other, "/galeria")!.at(-1)!.route.id).toBe("routes/gallery");
  });

  it("the server puts it in front of @remix-run/router's export, the one Remix and React Router call", () => {
    try {
      rememberRouteMatching();
      expect(router.matchRoutes.memoized).toBe(true);
      expect(plain(router.matchRoutes(tree(), "/confirm"))).toEqual(plain(original(tree(), "/confirm")));
      const serverRuntime = createRequire(createRequire(import.meta.url).resolve("@remix-run/server-runtime"))("@remix-run/router");
      expect(serverRuntime).toBe(router);
    } finally {
      router.matchRoutes = original;
    }
  });

  it("loaded through it, @remix-run/router's static handler matches a path once, not on every request", async () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    const spy = vi.fn();
    const loaded = loadRouterWithMatching(file, (matchRoutes: typeof original) =>
      memoizedMatchRoutes((...args: Parameters<typeof original>) => {
        spy();
        return matchRoutes(...args);
      }),
    ).exports as {
      matchRoutes: typeof original;
      createStaticHandler: (routes: unknown[]) => {
        query: (request: Request) => Promise<{ matches: { route: { id: string } }[]; loaderData: Record<string, unknown> }>;
      };
    };
    const routes = tree().map((root) => ({ ...root, children: root.children!.map((r) => ({ ...r, loader: () => ({ page: r.id }) })) }));
    const handler = loaded.createStaticHandler(routes);
    for (const path of ["/confirm", "/confirm", "/gallery", "/confirm", "/i/ABC123", "/i/DEF456"]) {
      const context = await handler.query(new Request(`http://boda.test${path}`));
      expect(context.matches.at(-1)!.route.id).toBe(plain(original(tree(), path))!.at(-1)!.id);
      expect(Object.values(context.loaderData)).toContainEqual({ page: context.matches.at(-1)!.route.id });
    }
    // One match per distinct path (four), where the package alone matched on all six requests.
    expect(spy).toHaveBeenCalledTimes(4);
    expect(plain(loaded.matchRoutes(tree(), "/gallery"))).toEqual(plain(original(tree(), "/gallery")));
  });
});
