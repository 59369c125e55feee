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
  // (handle.inlineCss, loaded again by their clientLoader on a client navigation), the admin, the
  // toasts and a part loaded after hydration import it as a stylesheet. A part with MantineRoot
  // and neither renders unstyled.
  it("every part that renders MantineRoot has Mantine's stylesheet: inlined by its route, or imported", () => {
    const routesDir = path.join(root, "app/routes");
    const importsCss = (text: string) => text.includes('import "~/styles/mantine.css"');
    const inlinesCss = (route: string) =>
      /routeCss\(\{[^}]*\bmantine: \(\) => import\("~\/styles\/mantine\.css\?inline"\)/.test(route) &&
      route.includes("inlineCss: css.names") &&
      route.includes("export const clientLoader = css.clientLoader;");
    const users = sourceFiles(path.join(root, "app")).filter((file) => /from "[^"]*\/MantineRoot"/.test(fs.readFileSync(file, "utf8")));
    const unstyled = users
      .filter((file) => !importsCss(fs.readFileSync(file, "utf8")))
      .filter((file) => {
        const relative = path.relative(routesDir, file);
        if (relative.startsWith("..")) return true;
        const route = fs.readFileSync(path.join(routesDir, relative.split(path.sep)[0], "route.tsx"), "utf8");
        return !importsCss(route) && !inlinesCss(route);
      })
      .map((file) => path.relative(root, file));
    expect(users.length).toBeGreaterThanOrEqual(5);
    expect(unstyled).toEqual([]);
  });

  it("finds the components in use (the check above reads the imports)", () => {
    expect([...mantineComponentsUsed().keys()]).toEqual(expect.arrayContaining(["Button", "TextInput", "Modal"]));
  });
});
