// One lint configuration for the app, the server, the scripts and the tests (flat config).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "postcss.config.cjs",
      "build/**",
      "build-*/**",
      "node_modules/**",
      "public/**",
      "test-results*/**",
      "playwright-report/**",
      "uploads/**",
      "backups/**",
      ".cache/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The classic rules; the React Compiler rules of react-hooks 7 are left out (no compiler here).
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // The layers (docs/decisions/0039-layers-and-screen-folders.md): infrastructure (app/infra) is
  // the mechanisms and knows no domain and no HTTP; the domain (app/models) knows no HTTP; the pure
  // rules (app/lib) know none of the three. A module at the app's level (app/start.server.ts,
  // app/entry.server.tsx) wires them together. Both spellings of a path are refused: `~/models/x`
  // and `../models/x`.
  {
    files: ["app/infra/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [layer("models", "infra"), layer("http", "infra")] }] },
  },
  {
    files: ["app/models/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [layer("http", "models")] }] },
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [layer("models", "lib"), layer("http", "lib"), layer("infra", "lib")] }] },
  },
  prettier,
);

/** A no-restricted-imports pattern refusing `home`'s modules to the files of `from` (a sibling folder of app/). */
function layer(home, from) {
  return {
    group: [`~/${home}`, `~/${home}/**`, `../${home}`, `../${home}/**`, `../../${home}/**`, `**/app/${home}/**`],
    message: `app/${from} must not import app/${home} (the layers: docs/decisions/0039-layers-and-screen-folders.md).`,
  };
}
