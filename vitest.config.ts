import { defineConfig } from "vitest/config";

// Unit tests (shared/, app/, bench/, scripts/) and integration tests (server/) against the real Hono app and a
// real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    include: [
      "shared/**/*.test.ts",
      "server/**/*.test.ts",
      "app/**/*.test.ts",
      "bench/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/zod-locale.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
