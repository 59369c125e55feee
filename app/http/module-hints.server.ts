import type { EntryContext } from "@remix-run/node";

type Manifest = EntryContext["manifest"];

/**
 * Each build's headers by the matched routes' ids: every page request asks, and the answer changes
 * only with the build. One entry per chain of routes a page can match, never per URL.
 */
const built = new WeakMap<Manifest, Map<string, string>>();

/**
 * A page's JavaScript modules as a `Link` response header: `rel=modulepreload; fetchpriority=low`,
 * one per module the page's <Scripts> loads (the client entry and its imports, then each matched
 * route's imports and module, as Remix's own `modulepreload` tags list them).
 *
 * Every page paints from its HTML and its inline CSS alone and works without its scripts, so the
 * scripts must not compete with the paint: at low priority the browser fetches the pictures in view
 * first. Sent with the headers, the download starts before the body has arrived, so a slow phone
 * runs the page's scripts sooner. The browser keeps one fetch per module: the page's own
 * `modulepreload` tags and imports find it already under way (decision 0073).
 */
export function moduleHints({ manifest, staticHandlerContext }: EntryContext): string {
  const routeIds = staticHandlerContext.matches.map((match) => match.route.id);
  let byRoutes = built.get(manifest);
  if (!byRoutes) built.set(manifest, (byRoutes = new Map()));
  const key = routeIds.join("\n");
  let header = byRoutes.get(key);
  if (header === undefined) {
    header = linkHeader(manifest, routeIds);
    byRoutes.set(key, header);
  }
  return header;
}

function linkHeader(manifest: Manifest, routeIds: readonly string[]): string {
  const modules = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    for (const module of route.imports ?? []) modules.add(module);
    modules.add(route.module);
  }
  return [...modules].map((module) => `<${module}>; rel=modulepreload; fetchpriority=low`).join(", ");
}
