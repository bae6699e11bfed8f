import { defineConfig } from "@playwright/test";
import { rememberedCurrencyState } from "./fixtures/currency";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * Browser ring: Debian's Chromium (no browser download) against the real server, started on a fresh
 * embedded database seeded with the demo catalogue.
 */
export default defineConfig({
  testDir: "./tests",
  // One folder per port, so two runs side by side never wipe each other's traces.
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The fault-injection ring's figures (pages x failed calls, whole-page errors) are summed after the run.
  reporter: [["list"], ["./reporters/fault-figures.ts"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // USD remembered, as on a returning visit: a first visit detects the currency (tests/currency.spec.ts).
    storageState: rememberedCurrencyState(baseURL),
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `rm -rf ../data/e2e-${PORT} && node ../scripts/start.mjs`,
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: `data/e2e-${PORT}`, MEDIA_DIR: "data/media", SKIP_BUILD: "1", LOG_LEVEL: "warn", RATE_LIMIT_MAX: "100000", AUTH_RATE_LIMIT_MAX: "100000", DATABASE_URL: "" },
  },
});
