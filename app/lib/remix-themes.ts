// The theme in the browser: the provider and hook the pages use, in the shape of remix-themes'
// (`useTheme()` → [theme, setTheme, { definedBy }]), posting the choice as its provider did
// (`{"theme": …}` as JSON to /action/set-theme). The server half stays the package's (theme.server.ts,
// action.set-theme.ts import "remix-themes").
//
// Why not the package's provider: its one public entry is CommonJS that also loads its server half
// (the theme action, which requires @remix-run/server-runtime): 15.8 KB gzip more on the first load,
// over its 110 KB budget (decision 0014); only the package's internal build file had the provider
// alone, and the site imports no package's internal paths (decision 0041).
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Theme as PackageTheme } from "remix-themes";

/** "light" | "dark": the package's own type, so the server's and the browser's themes are one type. */
export type Theme = PackageTheme;
/** The package's enum, as values (its module is never loaded in the browser: see above). */
export const Theme = { DARK: "dark", LIGHT: "light" } as unknown as typeof PackageTheme;
export const themes: Theme[] = [Theme.DARK, Theme.LIGHT];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (themes as string[]).includes(value);
}

type DefinedBy = "USER" | "SYSTEM";
type ThemeContextValue = [Theme | null, (theme: Theme | null) => void, { definedBy: DefinedBy }];
const ThemeContext = createContext<ThemeContextValue | undefined>(undefined);

const PREFERS_LIGHT = "(prefers-color-scheme: light)";
const preferredTheme = (): Theme => (window.matchMedia(PREFERS_LIGHT).matches ? Theme.LIGHT : Theme.DARK);
/** Other tabs of the site follow a change made in one (the package's channel name). */
const CHANNEL = "remix-themes-channel";

export function ThemeProvider({ children, specifiedTheme, themeAction }: { children: ReactNode; specifiedTheme: Theme | null; themeAction: string }) {
  // The server, without a saved theme, renders none: the head script (ThemeScript) sets the
  // system's before hydration, and this reads the same.
  const [theme, setThemeState] = useState<Theme | null>(() =>
    isTheme(specifiedTheme) ? specifiedTheme : typeof window === "object" ? preferredTheme() : null,
  );
  const [definedBy, setDefinedBy] = useState<DefinedBy>(specifiedTheme ? "USER" : "SYSTEM");
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (!("BroadcastChannel" in window)) return;
    const tabs = new BroadcastChannel(CHANNEL);
    channel.current = tabs;
    tabs.onmessage = (event: MessageEvent<{ theme: Theme; definedBy: DefinedBy }>) => {
      setThemeState(event.data.theme);
      setDefinedBy(event.data.definedBy);
    };
    return () => {
      channel.current = null;
      tabs.close();
    };
  }, []);

  useEffect(() => {
    if (definedBy === "USER") return;
    const media = window.matchMedia(PREFERS_LIGHT);
    const follow = (event: MediaQueryListEvent) => setThemeState(event.matches ? Theme.LIGHT : Theme.DARK);
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, [definedBy]);

  const setTheme = useCallback(
    (next: Theme | null) => {
      const chosen = next ?? preferredTheme();
      const by: DefinedBy = next ? "USER" : "SYSTEM";
      setThemeState(chosen);
      setDefinedBy(by);
      channel.current?.postMessage({ theme: chosen, definedBy: by });
      void fetch(themeAction, { method: "POST", body: JSON.stringify({ theme: next }) });
    },
    [themeAction],
  );

  const value = useMemo<ThemeContextValue>(() => [theme, setTheme, { definedBy }], [theme, setTheme, definedBy]);
  return createElement(ThemeContext.Provider, { value }, children);
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used within a ThemeProvider");
  return context;
}
