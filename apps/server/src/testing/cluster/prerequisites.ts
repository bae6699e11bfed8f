import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { waitForNoSessions } from "../sessions";

/** The local services the machines run (.ci/run starts them); CLUSTER_DATABASE_URL and REDIS_TEST_URL point elsewhere. */
export const POSTGRES_URL = process.env.CLUSTER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Why the ring cannot run here, or undefined when PostgreSQL and Redis both answer. */
export async function whatIsMissing(): Promise<string | undefined> {
  const missing = [
    !(await postgresAnswers()) && `PostgreSQL at ${POSTGRES_URL}`,
    !(await redisAnswers()) && `Redis at ${REDIS_URL}`,
  ];
  const absent = missing.filter(Boolean);
  if (absent.length === 0) return undefined;
  return `${absent.join(" and ")} ${absent.length === 1 ? "does" : "do"} not answer`;
}

/** A new, empty database beside POSTGRES_URL's, and a way to drop it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `store_cluster_${randomBytes(6).toString("hex")}`;
  const admin = async (run: (client: pg.Client) => Promise<unknown>) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await run(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // The test's pool has ended, but its sockets may still be closing: forcing them shut then is an
    // uncaught FATAL in the test process, which fails the ring after every test passed.
    drop: () =>
      admin(async (client) => {
        await waitForNoSessions(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
