import { randomBytes } from "node:crypto";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildAppOptions } from "../app";
import type { SsrMode } from "../plugins/ssr";
import { loadConfig, type AppConfig, type DatabaseLimits } from "../config";
import { openDatabase, type Database } from "../db/client";
import { seedDemoData } from "../seed/seed";

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a throw-away PostgreSQL database
 * when DATABASE_URL is set (CI runs the API ring both ways). `limits`: the database timeouts, if not the defaults.
 */
export async function openTestDatabase(limits?: DatabaseLimits): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: "pglite", limits });
    await database.migrate();
    return database;
  }
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: testUrl.toString(), limits });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      // pool.end() resolves before its sockets are gone; wait for them rather than killing them mid-close.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await dropper.query("select count(*)::int as n from pg_stat_activity where datname = $1", [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
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
  } = {},
): Promise<FastifyInstance> {
  const database = await openTestDatabase(options.limits);
  if (options.seed !== false) await seedDemoData(database.db);
  const { ssr, logStream } = options;
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    ssr,
    logger: logStream !== undefined,
    logStream,
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
