import { STORAGE_KEYS } from "~/lib/constants";

/**
 * Runs in <head> before first paint:
 * - marks <html data-js> so controls that need JavaScript show and their no-JavaScript
 *   stand-ins hide from the first frame (see .js-only / .no-js-only in app.css);
 * - when no theme cookie exists: the saved choice in localStorage, else the system's
 *   preference, else light. No flash of the wrong theme.
 */
const markScript = `document.documentElement.setAttribute("data-js","");`;
const themeScript = `(function(){try{var s=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});var t=(s==="dark"||s==="light")?s:(window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light");var d=document.documentElement;d.classList.remove("light","dark");d.classList.add(t);d.setAttribute("data-mantine-color-scheme",t);}catch(e){}})();`;

export function HeadScript({ nonce, themeKnown }: { nonce: string; themeKnown: boolean }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeKnown ? markScript : markScript + themeScript }} />;
}
