import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The site loads only the Mantine stylesheets it names in app/styles/mantine.css (first-load CSS stays
 * small). A component used without its stylesheet renders unstyled (a checkbox as a bare box and a
 * stray tick), so every Mantine component the app imports that has a stylesheet of its own must be there.
 */
const root = path.resolve(__dirname, "../..");
const stylesDir = path.join(root, "node_modules/@mantine/core/styles");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function mantineComponentsUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, "app"))) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*"@mantine\/core"/g)) {
      for (const raw of match[1].split(",")) {
        const name = raw.replace(/^\s*type\s+/, "").trim();
        if (/^[A-Z]/.test(name) && !used.has(name)) used.set(name, path.relative(root, file));
      }
    }
  }
  return used;
}

describe("Mantine's stylesheets", () => {
  it("every Mantine component the app imports has its stylesheet loaded", () => {
    const loaded = fs.readFileSync(path.join(root, "app/styles/mantine.css"), "utf8");
    const missing = [...mantineComponentsUsed()]
      .filter(([name]) => fs.existsSync(path.join(stylesDir, `${name}.css`)))
      .filter(([name]) => !loaded.includes(`@mantine/core/styles/${name}.css`))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  // A page that renders Mantine's components carries its stylesheet: the guests' pages inline it
  // (handle.inlineCss, loaded again by their clientLoader on a client navigation), the admin and the
  // toasts load it as a stylesheet. A new page with MantineRoot and neither renders unstyled.
  it("every route that renders MantineRoot inlines Mantine's stylesheet or loads it", () => {
    const routesDir = path.join(root, "app/routes");
    const unstyled = fs
      .readdirSync(routesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(routesDir, entry.name))
      .filter((dir) => sourceFiles(dir).some((file) => fs.readFileSync(file, "utf8").includes('from "~/components/MantineRoot"')))
      .filter((dir) => {
        const route = fs.readFileSync(path.join(dir, "route.tsx"), "utf8");
        const inlines =
          /routeCss\(\{[^}]*\bmantine: \(\) => import\("~\/styles\/mantine\.css\?inline"\)/.test(route) &&
          route.includes("inlineCss: css.names") &&
          route.includes("export const clientLoader = css.clientLoader;");
        return !inlines && !route.includes('import "~/styles/mantine.css"');
      })
      .map((dir) => path.relative(root, dir));
    expect(unstyled).toEqual([]);
    const toastHost = fs.readFileSync(path.join(root, "app/components/layout/ToastHost.tsx"), "utf8");
    expect(toastHost).toContain('import "~/styles/mantine.css"');
  });

  it("finds the components in use (the check above reads the imports)", () => {
    expect([...mantineComponentsUsed().keys()]).toEqual(expect.arrayContaining(["Button", "TextInput", "Modal"]));
  });
});
