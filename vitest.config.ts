import { defineConfig } from "vitest/config";

/**
 * Two of the three test rings (the third, the browser, is Playwright in e2e/):
 * - unit: pure logic, no database;
 * - api: services and routes against a real database (PGlite in memory, or PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/web/app/**/*.test.{ts,tsx}", "apps/server/src/**/*.unit.test.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/src/**/*.test.ts"],
          exclude: ["apps/server/src/**/*.unit.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
