import { MantineProvider, type MantineThemeOverride } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import type { MantineStyles } from "~/components/MantineRoot";

const cache = new WeakMap<MantineThemeOverride, MantineStyles>();

/**
 * Mantine's <style> elements for a theme, as Mantine itself writes them (rendered once by Mantine,
 * then kept): the CSS variables of every color and size, and the global classes.
 */
export function mantineStylesFor(theme: MantineThemeOverride): MantineStyles {
  let styles = cache.get(theme);
  if (!styles) {
    const html = renderToStaticMarkup(<MantineProvider theme={theme}>{null}</MantineProvider>);
    const content = (kind: string) => {
      const match = html.match(new RegExp(`<style data-mantine-styles="${kind}">([\\s\\S]*?)</style>`));
      if (!match) throw new Error(`Mantine wrote no <style data-mantine-styles="${kind}">`);
      return match[1];
    };
    styles = { variables: content("true"), classes: content("classes") };
    cache.set(theme, styles);
  }
  return styles;
}
