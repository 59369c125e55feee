/**
 * Small inline icons (no icon library: keeps the first load light). Decorative unless labelled by
 * their button. In groups by where they are used, so the first load carries only the header's.
 */
export type IconProps = { size?: number; className?: string };
export const base = (size = 20) => ({
  width: size,
  height: size,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
  focusable: false,
});
