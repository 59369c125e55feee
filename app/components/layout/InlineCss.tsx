import { useMatches, useRouteError, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { createContext, useContext } from "react";

/**
 * The site's CSS and the guests' pages' CSS are inlined into the HTML (<style>), so the first paint
 * waits for no stylesheet. Their text is not shipped again in JavaScript (decision 0014): the server
 * render gets it from entry.server (`~/styles/inline.server`), the browser reads it back from the
 * <style data-inline-css> elements the server wrote, and a page first reached by a client
 * navigation loads its CSS in its clientLoader (`routeCss`) before it renders.
 * A route names what it inlines in `handle.inlineCss` (`routeCss(...).names`, in cascade order).
 */
export type InlineCssName = "app" | "home" | "mantine" | "confirm" | "gallery" | "upload-queue" | "wishes" | "table-card";

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

/** A chunk holding one of the CSS files as text (`import("~/styles/x.css?inline")`). */
type CssChunk = () => Promise<{ default: string }>;

/**
 * A route's inline CSS: `names` for its `handle.inlineCss` (in cascade order) and its
 * `clientLoader`, so a page reached by a client navigation loads its CSS with its data before it
 * shows (no unstyled flash). Each route names its own chunks, so a page's first load carries no
 * other page's CSS loaders. The server's text for each name is in `~/styles/inline.server`.
 */
export function routeCss(chunks: Partial<Record<InlineCssName, CssChunk>>) {
  const entries = Object.entries(chunks) as [InlineCssName, CssChunk][];
  return {
    names: entries.map(([name]) => name),
    clientLoader: async ({ serverLoader }: ClientLoaderFunctionArgs) => {
      const [data] = await Promise.all([
        serverLoader(),
        ...entries.filter(([name]) => !known.has(name)).map(async ([name, chunk]) => known.set(name, (await chunk()).default)),
      ]);
      return data;
    },
  };
}

/**
 * The <style> elements: the site's, then each matched route's `handle.inlineCss`, each once. The
 * site's error page (the root's error boundary, rendered in place of every route) needs the site's
 * alone.
 */
export function InlineStyles({ nonce }: { nonce: string | undefined }) {
  const css = useContext(InlineCssContext);
  const matches = useMatches();
  const rootError = useRouteError() != null;
  const routes = rootError ? [] : matches.flatMap((m) => (m.handle as { inlineCss?: InlineCssName[] } | undefined)?.inlineCss ?? []);
  const names = [...new Set<InlineCssName>(["app", ...routes])];
  return (
    <>
      {names.map((name) => (
        // Build-time CSS from our own files, never user input.
        <style key={name} nonce={nonce} data-inline-css={name} dangerouslySetInnerHTML={{ __html: css.get(name) ?? "" }} />
      ))}
    </>
  );
}
