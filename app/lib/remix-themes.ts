// remix-themes for the browser: its provider and hooks, from the library's own module.
// The package's entry is CommonJS and also re-exports its server half (the session resolver and
// the theme action, which require @remix-run/server-runtime), so importing "remix-themes" in a
// component put about 16 KB gzip of server code into the first load (decision 0014).
// Server modules (`*.server.ts`, action routes) keep importing "remix-themes".
export { PreventFlashOnWrongTheme, Theme, ThemeProvider, isTheme, themes, useTheme } from "remix-themes/build/theme-provider.js";
