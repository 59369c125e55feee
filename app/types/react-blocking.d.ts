import "react";

declare module "react" {
  // HTML's `blocking="render"` (React 18's types do not have it yet; React passes it through).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface LinkHTMLAttributes<T> {
    blocking?: "render";
  }
}
