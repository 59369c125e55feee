import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useTheme } from "~/lib/remix-themes";
import { mantineThemeFor } from "~/lib/mantine-theme";

/**
 * Mantine for the pages that use its components (confirm, gallery, a table's page, admin, the toasts).
 * The home page has none, so its first load carries no Mantine code. Its stylesheet
 * (`~/styles/mantine.css`) is inlined by the guests' pages (`handle.inlineCss`) and loaded as a
 * stylesheet by the admin and the toasts. Mantine writes its own
 * <style> elements (its CSS variables and global classes) on the server and in the browser alike.
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  const [colorScheme] = useTheme();
  const { t } = useTranslation();
  return (
    <MantineProvider theme={mantineThemeFor(t("close"))} forceColorScheme={colorScheme ?? "light"}>
      {children}
    </MantineProvider>
  );
}
