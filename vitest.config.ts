import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const RECIPE_TEST = "apps/server/src/testing/production-recipe.test.ts";
const CLUSTER_TESTS = "apps/server/src/testing/cluster/**/*.test.ts";
/**
 * One test file per core. vitest's default is one fewer, to leave a core to its main process, but in these
 * rings that process only hands out files and collects results: on CI's 2 cores the default is 1 worker,
 * which left one core idle for the whole API ring (docs/decisions/100-faster-test-rings.md).
 */
const ONE_FILE_PER_CORE = availableParallelism();

/**
 * Two of the three test rings (the third, the browser, is Playwright in e2e/):
 * - unit: pure logic, no database;
 * - api: services and routes against a real database (PGlite in memory, or PostgreSQL when DATABASE_URL is set).
 * Beside them, recipe: the Dockerfile's production recipe replayed on a clean copy of the repository; and
 * cluster: three replicas of the built server on one PostgreSQL and Redis, behind a test load balancer.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          maxWorkers: ONE_FILE_PER_CORE,
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/server/src/**/*.unit.test.ts",
          ],
        },
      },
      {
        test: {
          name: "api",
          maxWorkers: ONE_FILE_PER_CORE,
          include: ["apps/server/src/**/*.test.ts"],
          exclude: ["apps/server/src/**/*.unit.test.ts", RECIPE_TEST, CLUSTER_TESTS],
          // One migrated and one seeded database per run, copied by each test file (docs/decisions/032).
          globalSetup: ["apps/server/src/testing/template-databases.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Installs, builds and starts a clean copy of the repository: minutes, so a ring of its own (npm run test:recipe).
        test: { name: "recipe", include: [RECIPE_TEST], hookTimeout: 60_000 },
      },
      {
        // Starts the compiled server (npm run test:cluster builds first), so a ring of its own too.
        test: { name: "cluster", include: [CLUSTER_TESTS], testTimeout: 120_000, hookTimeout: 240_000 },
      },
    ],
  },
});
