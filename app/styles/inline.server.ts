// The CSS the server inlines into the HTML (see components/layout/InlineCss), by name.
import appCss from "./app.css?inline";
import homeCss from "./home.css?inline";
import type { InlineCssName } from "~/components/layout/InlineCss";

export const inlineCss: ReadonlyMap<InlineCssName, string> = new Map([
  ["app", appCss],
  ["home", homeCss],
]);
