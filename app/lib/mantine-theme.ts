import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from "@mantine/core";

// Sage green; shade 8 carries white text at 5.9:1 in both themes.
const sage: MantineColorsTuple = ["#f1f6f2", "#e0eae2", "#bdd3c2", "#97bba0", "#77a783", "#629a71", "#569467", "#457f56", "#3a6f4b", "#2b5f3c"];

const base = {
  primaryColor: "sage",
  primaryShade: { light: 8, dark: 8 },
  colors: { sage },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Times New Roman', serif" },
  defaultRadius: "md",
} satisfies MantineThemeOverride;

const themes = new Map<string, MantineThemeOverride>();

/**
 * The Mantine theme for a page language: every dialog's and toast's close button gets an
 * accessible name in that language.
 */
export function mantineThemeFor(closeLabel: string): MantineThemeOverride {
  let theme = themes.get(closeLabel);
  if (!theme) {
    theme = createTheme({
      ...base,
      components: {
        // Plain objects, not `Modal.extend(...)`: that import would put the dialog's code (about 25 KB
        // gzip) into the first load of every page with Mantine (LazyModal loads it when needed).
        Modal: { defaultProps: { closeButtonProps: { "aria-label": closeLabel } } },
        Notification: { defaultProps: { closeButtonProps: { "aria-label": closeLabel } } },
      },
    });
    themes.set(closeLabel, theme);
  }
  return theme;
}
