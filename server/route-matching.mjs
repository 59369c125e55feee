// Route matching, remembered (docs/decisions/0015-workers-and-shared-state.md).
//
// React Router's matchRoutes() flattens the route tree, ranks every branch and compiles a RegExp
// per route on every call, and Remix calls it several times per page (its request handler, the
// lazy-route-discovery manifest, <RemixServer>'s routes): a tenth of a render in the profile. Its
// answer depends only on the tree's shape (ids, paths, index and case flags) and the path, and
// Remix rebuilds route objects of the same shape for every render, so the answer is remembered per
// shape and path and handed out with the caller's own route objects and fresh params.
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

/** Wraps `original` (React Router's matchRoutes) with the memory; `maxPaths` paths per route tree. */
export function memoizedMatchRoutes(original, { maxPaths = 1000 } = {}) {
  /** routes array → { key, byId } (null: a tree this cannot describe, matched the usual way) */
  const shapes = new WeakMap();
  /** shape key → (basename + path → what matched, by route id) */
  const answers = new Map();

  function shapeOf(routes) {
    let shape = shapes.get(routes);
    if (shape !== undefined) return shape;
    const byId = new Map();
    const parts = [];
    let ok = true;
    const walk = (list) => {
      parts.push("[");
      for (const route of list) {
        if (typeof route.id !== "string" || byId.has(route.id)) ok = false;
        if (!ok) return;
        byId.set(route.id, route);
        parts.push(JSON.stringify([route.id, route.path ?? null, route.index === true, route.caseSensitive === true]));
        if (route.children?.length) walk(route.children);
      }
      parts.push("]");
    };
    walk(routes);
    shape = ok ? { key: parts.join(""), byId } : null;
    shapes.set(routes, shape);
    return shape;
  }

  return function matchRoutes(routes, locationArg, basename = "/") {
    const shape = Array.isArray(routes) ? shapeOf(routes) : null;
    const path = typeof locationArg === "string" ? locationArg : locationArg?.pathname;
    if (!shape || typeof path !== "string") return original(routes, locationArg, basename);
    let byPath = answers.get(shape.key);
    if (!byPath) {
      if (answers.size >= 16) answers.clear();
      byPath = new Map();
      answers.set(shape.key, byPath);
    }
    const pathKey = `${basename}\n${path}`;
    const known = byPath.get(pathKey);
    if (known === undefined) {
      const matches = original(routes, locationArg, basename);
      if (byPath.size >= maxPaths) byPath.clear();
      byPath.set(
        pathKey,
        matches && {
          params: { ...matches.at(-1)?.params },
          matches: matches.map((m) => ({ id: m.route.id, pathname: m.pathname, pathnameBase: m.pathnameBase })),
        },
      );
      return matches;
    }
    if (known === null) return null;
    // As React Router does, every match of one answer shares one params object.
    const params = { ...known.params };
    return known.matches.map((m) => ({ params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: shape.byId.get(m.id) }));
  };
}

const HOOK = Symbol.for("wedding.rememberedMatchRoutes");

/**
 * Loads @remix-run/router's CommonJS `file` as a new module in which matchRoutes, its export and
 * the calls inside the file (the static handler's `query`, once per page request) alike, is
 * `wrap(matchRoutes)`. The file's own calls use the function's name in the file, which only a
 * line at its end can reach: a function declaration's name can be assigned again.
 */
export function loadRouterWithMatching(file, wrap) {
  const module = new Module(file, null);
  module.filename = file;
  module.paths = Module._nodeModulePaths(path.dirname(file));
  globalThis[HOOK] = wrap;
  try {
    const source = fs.readFileSync(file, "utf8");
    module._compile(
      `${source}\n;matchRoutes = globalThis[Symbol.for("wedding.rememberedMatchRoutes")](matchRoutes);\nexports.matchRoutes = matchRoutes;\n`,
      file,
    );
  } finally {
    delete globalThis[HOOK];
  }
  module.loaded = true;
  return module;
}

function remembered(matchRoutes) {
  const wrapped = memoizedMatchRoutes(matchRoutes);
  wrapped.memoized = true;
  return wrapped;
}

/**
 * Puts the memory in front of @remix-run/router's matchRoutes, which Remix's request handler,
 * @remix-run/react and React Router call (one copy, from node_modules). Called before anything
 * loads the package, the package is loaded with the memory inside too (loadRouterWithMatching);
 * later, only its export can be wrapped.
 */
export function rememberRouteMatching() {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@remix-run/router");
  if (!require.cache[file]) require.cache[file] = loadRouterWithMatching(file, remembered);
  const router = require("@remix-run/router");
  if (!router.matchRoutes.memoized) router.matchRoutes = remembered(router.matchRoutes);
}
