import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { MantineRoot, MantineStylesProvider } from "~/components/MantineRoot";
import { i18nConfig } from "~/i18n";
import { mantineStylesFor } from "~/infra/mantine-styles.server";
import { mantineThemeFor } from "~/lib/mantine-theme";
import { Theme, ThemeProvider } from "~/lib/remix-themes";
import { resources } from "~/locales";

async function page(lng: string, theme: Theme, styles: typeof mantineStylesFor | null) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nConfig, resources, lng });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider specifiedTheme={theme} themeAction="/action/set-theme">
        <MantineStylesProvider value={styles}>
          <MantineRoot>
            <p>Hola</p>
          </MantineRoot>
        </MantineStylesProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
}

describe("Mantine's styles worked out once per theme (server)", () => {
  it("writes exactly what Mantine writes itself, in both languages and themes (the browser hydrates it as its own)", async () => {
    for (const lng of ["es", "en"]) {
      for (const theme of [Theme.LIGHT, Theme.DARK]) {
        const own = await page(lng, theme, null);
        expect(own).toContain('<style data-mantine-styles="true">');
        expect(own).toContain("--mantine-color-sage-8");
        expect(await page(lng, theme, mantineStylesFor)).toBe(own);
      }
    }
  });

  it("works a theme's styles out once", () => {
    const theme = mantineThemeFor("Cerrar");
    expect(mantineStylesFor(theme)).toBe(mantineStylesFor(theme));
    expect(mantineStylesFor(theme).classes).toContain("mantine-visible-from-");
  });
});
