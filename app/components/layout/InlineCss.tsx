import { useMatches } from "@remix-run/react";
import { createContext, useContext } from "react";

/**
 * The site's and the home page's CSS are inlined into the HTML (<style>), so the first paint waits
 * for no stylesheet. Their text is not shipped again in JavaScript (decision 0014): the server
 * render gets it from entry.server (`~/styles/inline.server`), the browser reads it back from the
 * <style data-inline-css> elements the server wrote, and a page first reached by a client
 * navigation loads its CSS in its clientLoader (`ensureInlineCss`) before it renders.
 */
export type InlineCssName = "app" | "home";

const known = new Map<string, string>();
const InlineCssContext = createContext<ReadonlyMap<string, string>>(known);
export const InlineCssProvider = InlineCssContext.Provider;

/** In the browser: the CSS the server inlined, read from the document before hydration. */
export function inlineCssFromDocument(): ReadonlyMap<string, string> {
  for (const el of document.querySelectorAll<HTMLStyleElement>("style[data-inline-css]")) {
    known.set(el.dataset.inlineCss!, el.textContent ?? "");
  }
  return known;
}

// The CSS of the pages that inline theirs, as chunks loaded only on a client navigation.
const loaders: Record<InlineCssName, () => Promise<{ default: string }>> = {
  app: () => import("~/styles/app.css?inline"),
  home: () => import("~/styles/home.css?inline"),
};

/** For a route's clientLoader: its inline CSS, when the first page did not carry it. */
export async function ensureInlineCss(name: InlineCssName): Promise<void> {
  if (!known.has(name)) known.set(name, (await loaders[name]()).default);
}

/** The <style> elements: the site's, then each matched route's `handle.inlineCss` (a name). */
export function InlineStyles({ nonce }: { nonce: string | undefined }) {
  const css = useContext(InlineCssContext);
  const names = [
    "app",
    ...useMatches()
      .map((m) => (m.handle as { inlineCss?: InlineCssName } | undefined)?.inlineCss)
      .filter((name): name is InlineCssName => typeof name === "string"),
  ];
  return (
    <>
      {names.map((name) => (
        // Build-time CSS from our own files, never user input.
        <style key={name} nonce={nonce} data-inline-css={name} dangerouslySetInnerHTML={{ __html: css.get(name) ?? "" }} />
      ))}
    </>
  );
}
