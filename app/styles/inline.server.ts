// The CSS the server inlines into the HTML (see components/layout/InlineCss), by name.
import appCss from "./app.css?inline";
import confirmCss from "./confirm.css?inline";
import galleryCss from "./gallery.css?inline";
import homeCss from "./home.css?inline";
import mantineCss from "./mantine.css?inline";
import tableCardCss from "./table-card.css?inline";
import uploadQueueCss from "./upload-queue.css?inline";
import wishesCss from "./wishes.css?inline";
import type { InlineCssName } from "~/components/layout/InlineCss";

const byName: Record<InlineCssName, string> = {
  app: appCss,
  home: homeCss,
  mantine: mantineCss,
  confirm: confirmCss,
  gallery: galleryCss,
  "upload-queue": uploadQueueCss,
  wishes: wishesCss,
  "table-card": tableCardCss,
};

export const inlineCss: ReadonlyMap<InlineCssName, string> = new Map(Object.entries(byName) as [InlineCssName, string][]);
