import { defineConfig } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { rememberedCurrencyState } from "./fixtures/currency";
import { MAIL_SINK_PORTS, mailSinkURL, STORE_PORT as PORT } from "./fixtures/ports";

export const baseURL = `http://127.0.0.1:${PORT}`;
/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same Blink without the browser's
 * own windows and their processes), which Playwright itself uses for headless runs: the ring takes about
 * two thirds of the time it takes in the full browser (decision 053). The full browser where only it is installed.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
// The demo administrator's password for this run: set once here, inherited by the server and the
// workers (which load this file again and keep it), and never written down (fixtures/demo-admin.ts).
process.env.DEMO_ADMIN_PASSWORD ??= randomBytes(18).toString("base64url");

/**
 * Browser ring: Debian's Chromium (no browser download) against the real server, started on a fresh
 * embedded database seeded with the demo catalogue, sending its e-mail over SMTP to a mail sink whose
 * messages the tests read (fixtures/mail-sink.ts).
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
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // The London invoice of gst-invoices.spec.ts must find no customs exchange rate for the day (its invoice waits
  // for the seller to enter one), and the specs that ship abroad must find one (they enter it): that spec runs
  // first, the others after it. A single other spec runs it too; `--no-deps` skips it where no rate matters.
  projects: [
    { name: "before-customs-rate", testMatch: /gst-invoices\.spec\.ts$/ },
    { name: "store", testIgnore: /gst-invoices\.spec\.ts$/, dependencies: ["before-customs-rate"] },
  ],
  webServer: [
    {
      command: "node --import tsx fixtures/mail-sink.ts",
      url: `${mailSinkURL}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SINK_PORTS.smtp), MAIL_SINK_HTTP_PORT: String(MAIL_SINK_PORTS.http) },
    },
    {
      command: `rm -rf ../data/e2e-${PORT} && node ../scripts/start.mjs`,
      url: `${baseURL}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: `data/e2e-${PORT}`,
        MEDIA_DIR: "data/media",
        SKIP_BUILD: "1",
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        // Every test's requests come from 127.0.0.1: the per-client limits would count the whole ring as one shopper.
        RATE_LIMIT_MAX: "100000",
        AUTH_RATE_LIMIT_MAX: "100000",
        OPEN_ORDERS_PER_CLIENT: "100000",
        ORDER_LOOKUPS_PER_CLIENT: "100000",
        // Stands for the CDN's country header: every test request comes from 127.0.0.1, which has no country.
        CDN_COUNTRY_HEADER: "x-test-country",
        // As in production: rendered pages are kept (development turns the cache off by default).
        PAGE_CACHE_MB: "32",
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_PORTS.smtp}`,
        // The outboxes every half second, not every 5: a test waiting for an e-mail or a WhatsApp code waits
        // on the same worker, only less (decision 100).
        OUTBOX_EVERY_MS: "500",
        // A refund the simulator refuses fails for good at once, so "Retry refund" can be tested without waiting hours.
        REFUND_TRIES: "1",
        // Every COD test types the same mobile number: its WhatsApp codes would run out for the day.
        COD_CODES_PER_ADDRESS_PER_DAY: "1000",
        DEMO_ADMIN_PASSWORD: process.env.DEMO_ADMIN_PASSWORD,
      },
    },
  ],
});
