// react-dom publishes its web-streams renderer as "react-dom/server.browser" (its package.json
// "exports"); @types/react-dom declares the same function under "react-dom/server" only.
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
