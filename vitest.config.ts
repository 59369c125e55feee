import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    // Each file gets its own temporary SQLite database (tests/unit/helpers/test-db.ts).
    pool: "forks",
    testTimeout: 20_000,
  },
});
