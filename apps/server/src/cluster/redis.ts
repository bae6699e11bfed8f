import { Redis } from "ioredis";
import { StartupError } from "../errors";

/**
 * A connection to the Redis that replicas share. Commands fail fast while Redis is away (one retry, no
 * endless queue), so a Redis outage slows no request: the rate limiter lets requests through and the
 * catalogue falls back to its short TTL (decision 028).
 */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: name,
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    // Keep trying to come back, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Without a listener an "error" event would crash the process; reconnecting is ioredis's job.
  redis.on("error", () => {});
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new StartupError(
      `Redis at ${redisLocation(url)} does not answer (${err instanceof Error ? err.message : String(err)}). Start it, or unset REDIS_URL to run a single replica without it.`,
    );
  }
  return redis;
}

/** host:port, never the password. */
export function redisLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "6379"}`;
  } catch {
    return "Redis";
  }
}
