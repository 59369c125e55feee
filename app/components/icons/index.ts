export type { IconProps } from "./svg";
export * from "./header";
export * from "./music";
export * from "./pages";
