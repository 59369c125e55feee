import type { EntryContext } from "@remix-run/node";

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
  const modules = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    for (const module of route.imports ?? []) modules.add(module);
    modules.add(route.module);
  }
  return [...modules].map((module) => `<${module}>; rel=modulepreload; fetchpriority=low`).join(", ");
}
