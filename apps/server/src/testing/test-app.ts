import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildAppOptions } from "../app";
import type { SsrMode } from "../plugins/ssr";
import { loadConfig, type AppConfig, type DatabaseLimits } from "../config";
import { openDatabase, type Database } from "../db/client";
import { installSecret } from "../db/install-settings";
import { SIMULATOR_SECRET_HEADER, SIMULATOR_SECRET_KEY } from "../http/simulator-control";
import { seedDemoData } from "../seed/seed";
import { waitForNoSessions } from "./sessions";
import { databaseUrl, withAdmin } from "./template-databases";

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a throw-away PostgreSQL database
 * when DATABASE_URL is set (CI runs the API ring both ways). `limits`: the database timeouts, if not the defaults.
 * `seeded`: with the demo catalogue already in it.
 *
 * In the API ring each file copies a template made once per run (template-databases.ts) instead of
 * migrating (and seeding) its own: the same rows, in a fraction of the time. Elsewhere (no templates
 * provided) the database is migrated and seeded here.
 */
export async function openTestDatabase(limits?: DatabaseLimits, { seeded = false } = {}): Promise<Database> {
  const templates = inject("testDatabases");
  const template = templates && (seeded ? templates.seeded : templates.migrated);
  const url = process.env.DATABASE_URL;
  if (!url) {
    // A Blob over the file: read once when PGlite asks for its bytes, not read and then copied into a Blob.
    const loadDataDir = template ? await openAsBlob(template) : undefined;
    const database = await openDatabase({ kind: "pglite", limits, loadDataDir });
    if (!template) await migrateAndSeed(database, seeded);
    return database;
  }
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(url, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ""}`));
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(url, name), limits });
  if (!template) await migrateAndSeed(database, seeded);
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(url, async (admin) => {
        await waitForNoSessions(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

async function migrateAndSeed(database: Database, seeded: boolean): Promise<void> {
  await database.migrate();
  if (seeded) await seedDemoData(database.db);
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // Limits per client are lifted: every injected request comes from one address (the limits have their own tests).
  const base = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: "data/test",
    RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
    OPEN_ORDERS_PER_CLIENT: "100000",
    ORDER_LOOKUPS_PER_CLIENT: "100000",
  });
  return { ...base, ...overrides };
}

/**
 * The whole API over a fresh database, seeded with the demo catalogue unless told otherwise; with `ssr`,
 * the pages too, and with `logStream`, the log lines written there.
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    config?: Partial<AppConfig>;
    limits?: DatabaseLimits;
    ssr?: SsrMode;
    logStream?: BuildAppOptions["logStream"];
    /** The payment providers, if not the registered ones (a test adds its own). */
    paymentProviders?: BuildAppOptions["paymentProviders"];
    /** The carriers, if not the registered ones (a test adds its own). */
    shippingCarriers?: BuildAppOptions["shippingCarriers"];
  } = {},
): Promise<FastifyInstance> {
  const database = await openTestDatabase(options.limits, { seeded: options.seed !== false });
  const { ssr, logStream, paymentProviders, shippingCarriers } = options;
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    ssr,
    logger: logStream !== undefined,
    logStream,
    paymentProviders,
    shippingCarriers,
  });
  await app.ready();
  return app;
}

/**
 * Another replica of `app`'s store: a second app over the same database, as replicas behind a load balancer
 * share one PostgreSQL. `app` still owns the database: closing the replica leaves it open.
 */
export async function createReplicaApp(app: FastifyInstance): Promise<FastifyInstance> {
  const replica = await buildApp({
    config: { ...app.config },
    database: { ...app.database, close: async () => {} },
    logger: false,
  });
  await replica.ready();
  return replica;
}

/** The header that opens the simulators' controls to a script: this install's secret, read from its database. */
export async function simulatorSecretHeader(app: FastifyInstance): Promise<Record<string, string>> {
  return { [SIMULATOR_SECRET_HEADER]: await installSecret(app.database.db, SIMULATOR_SECRET_KEY) };
}
