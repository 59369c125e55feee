import { MantineProvider, type MantineThemeOverride } from "@mantine/core";
import { createContext, useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useTheme } from "~/lib/remix-themes";
import { mantineThemeFor } from "~/lib/mantine-theme";
// Mantine's styles travel with the pages that use it, not with the home page's first load.
import "~/styles/mantine";

/** Mantine's two <style> elements for a theme: its CSS variables and its global classes. */
export type MantineStyles = { variables: string; classes: string };

/**
 * Given by the server only (entry.server): Mantine's styles for a theme, worked out once per
 * theme instead of on every render (they were a twelfth of a /confirm render, decision 0015).
 * The browser leaves it unset and lets Mantine write the same elements itself.
 */
const MantineStylesContext = createContext<((theme: MantineThemeOverride) => MantineStyles) | null>(null);
export const MantineStylesProvider = MantineStylesContext.Provider;

/**
 * Mantine for the pages that use its components (confirm, gallery, admin, the toasts).
 * The home page has none, so its first load carries no Mantine code.
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  const [colorScheme] = useTheme();
  const { t } = useTranslation();
  const stylesFor = useContext(MantineStylesContext);
  const theme = mantineThemeFor(t("close"));
  const styles = stylesFor?.(theme);
  return (
    <MantineProvider theme={theme} forceColorScheme={colorScheme ?? "light"} withCssVariables={!styles} withGlobalClasses={!styles}>
      {/* The same elements, in the same order, as Mantine's own: the browser hydrates them as its own. */}
      {styles && <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: styles.variables }} />}
      {styles && <style data-mantine-styles="classes" dangerouslySetInnerHTML={{ __html: styles.classes }} />}
      {children}
    </MantineProvider>
  );
}
