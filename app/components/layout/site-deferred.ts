// The site's parts whose code loads after hydration, as one chunk (one request): the music player
// and its control, the footer (below every page's first screen) and the storage mirror (draws
// nothing). Their HTML is in the first load (root.tsx, decision 0014).
export { ClientStateMirror } from "./ClientStateMirror";
export { SiteFooter } from "./SiteFooter";
export { Music } from "../music/Music";
