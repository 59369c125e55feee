import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      // BUILD_DIR lets parallel test runs build into separate folders; the default is build/.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
  ],
  server: { port: 3000 },
  // remix-themes ships CommonJS that requires React: pre-bundle it against the app's single React.
  resolve: { dedupe: ["react", "react-dom"] },
  optimizeDeps: {
    include: [
      "remix-themes",
      "react",
      "react-dom",
      "react/jsx-runtime",
      "@conform-to/react",
      "@conform-to/zod",
      "zod",
      "canvas-confetti",
      "@mantine/core",
      "@mantine/notifications",
      "@mantine/hooks",
    ],
  },
  // Mantine is bundled into the server build, so only the components the pages use are loaded:
  // as an external package, Node loads all of @mantine/core (about 40 MB in every worker).
  ssr: { noExternal: [/^@mantine\//] },
  build: {
    target: "es2022",
    rollupOptions: {
      // A resource route (a loader or action without a page: the API, downloads, the language and
      // theme switches) has nothing for the browser, so Remix's client build makes an empty chunk
      // for each; Rollup's warning about that is expected and would hide the warnings that matter.
      onwarn(warning, warn) {
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
});
