import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    // Each test gets its own temporary database (tests/unit/helpers/test-db.ts): SQLite, or PostgreSQL with TEST_DATABASE=postgres.
    pool: "forks",
    // TEST_DATABASE=postgres: one throwaway PostgreSQL cluster for the run (tests/helpers/pg-cluster.ts).
    globalSetup: ["tests/unit/helpers/pg-global-setup.ts"],
    testTimeout: 20_000,
  },
});
