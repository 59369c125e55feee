import { lazy, memo, Suspense, useState, type ComponentType } from "react";

type Module = Record<string, unknown>;
/** Each chunk's module, loading or here, shared by every part it holds. */
const modules = new WeakMap<() => Promise<Module>, { loading: Promise<Module>; loaded?: Module }>();

function loadModule(load: () => Promise<Module>) {
  let entry = modules.get(load);
  if (!entry) {
    const fresh: { loading: Promise<Module>; loaded?: Module } = { loading: load().then((m) => (fresh.loaded = m)) };
    modules.set(load, (entry = fresh));
  }
  return entry;
}

/**
 * A component (export `name` of the chunk `load` imports) whose code is not part of the page's
 * first load, although its HTML is (decision 0014). The server renders it whole (renderDocument
 * waits for every boundary), and the browser keeps that HTML while the chunk travels: React 18
 * hydrates the boundary when the code arrives (selective hydration). Start `preload()` early (the
 * route's module does, and its clientLoader awaits it), so the code is there before the boundary
 * is reached or a client navigation renders it; it loads the whole chunk, every part in it.
 *
 * The trap: a boundary still waiting for its code that receives new props, or sits under a context
 * whose value changes outside a transition, is thrown away and rendered from its empty fallback (a
 * flash). Hence `memo` (the props must be stable: strings, numbers, booleans from the loaders), and
 * a provider above these boundaries changes only in a transition (the theme toggle) or not at all
 * (the music player's state lives inside its own lazy part, not around the page).
 */
export function lazyHydrated<M extends Module, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  const preload = () => loadModule(load).loading.then((m) => m[name] as ComponentType<Props>);
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function LazyHydrated(props: Props) {
    // Once the code is here, rendered directly: a lazy component would suspend once more (an empty
    // frame on a client navigation). Chosen once per mount, so the component is never swapped.
    const [Component] = useState(() => (modules.get(load)?.loaded?.[name] ?? Lazy) as ComponentType<object>);
    return (
      <Suspense fallback={null}>
        <Component {...(props as object)} />
      </Suspense>
    );
  }
  return Object.assign(memo(LazyHydrated), { preload });
}

/**
 * In the browser, runs `preload` at the first idle moment: after the first paint (a request started
 * before it counts against it), still before hydration, which waits for an idle moment too and is
 * queued later (entry.client runs after the route modules).
 */
export function preloadWhenIdle(preload: () => unknown) {
  if (typeof document === "undefined") return;
  if (window.requestIdleCallback) window.requestIdleCallback(() => void preload());
  else window.setTimeout(() => void preload(), 1);
}
